import { describe, expect, it } from 'vitest';
import { keyCommand, type KeyLike } from './keyboard';

const key = (k: string, mods: Partial<KeyLike> = {}): KeyLike => ({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });

describe('keyCommand', () => {
  it('maps playback, editing and tool keys', () => {
    expect(keyCommand(key('r'), false)).toBe('run');
    expect(keyCommand(key(' '), false)).toBe('toggle-play');
    expect(keyCommand(key('ArrowRight'), false)).toBe('step');
    expect(keyCommand(key('ArrowLeft', { shiftKey: true }), false)).toBe('scrub-back');
    expect(keyCommand(key('n'), false)).toBe('next-node');
    expect(keyCommand(key('N', { shiftKey: true }), false)).toBe('prev-node');
    expect(keyCommand(key('Delete'), false)).toBe('delete');
    expect(keyCommand(key('z', { ctrlKey: true }), false)).toBe('undo');
    expect(keyCommand(key('Z', { metaKey: true, shiftKey: true }), false)).toBe('redo');
    expect(keyCommand(key('3'), false)).toBe('tool-router');
    expect(keyCommand(key('x'), false)).toBeNull();
  });

  it('leaves keys to text fields, except Ctrl+Enter (run) and Escape', () => {
    expect(keyCommand(key('r'), true)).toBeNull();
    expect(keyCommand(key('Backspace'), true)).toBeNull();
    expect(keyCommand(key('z', { ctrlKey: true }), true)).toBeNull();
    expect(keyCommand(key('Enter', { ctrlKey: true }), true)).toBe('run');
    expect(keyCommand(key('Escape'), true)).toBe('escape');
  });
});
