import { describe, expect, it } from 'vitest';
import { addModule, assignFlow, DEFAULT_MIDDLEBOX, removeModule, setModule } from './middlebox';

describe('middlebox editing', () => {
  it('renaming a module keeps its flows on it', () => {
    const m = assignFlow(DEFAULT_MIDDLEBOX, 'f1', 'ipsec');
    const next = setModule(m, 2, { name: 'aes', a: 108, b: '10.2us' });
    expect(next.assign).toEqual({ f1: 'aes' });
    expect(next.modules.map((x) => x.name)).toEqual(['checking', 'monitoring', 'aes']);
  });

  it('the first module is the default, so assigning to it unlists the flow', () => {
    const m = assignFlow(assignFlow(DEFAULT_MIDDLEBOX, 'f1', 'ipsec'), 'f1', 'checking');
    expect(m.assign).toEqual({});
  });

  it('removing a module frees its flows; the last module stays', () => {
    const m = removeModule(assignFlow(DEFAULT_MIDDLEBOX, 'f1', 'monitoring'), 1);
    expect(m.modules.map((x) => x.name)).toEqual(['checking', 'ipsec']);
    expect(m.assign).toEqual({});
    const one = { ...DEFAULT_MIDDLEBOX, modules: DEFAULT_MIDDLEBOX.modules.slice(0, 1) };
    expect(removeModule(one, 0)).toBe(one);
  });

  it('a new module gets a fresh name', () => {
    expect(addModule(DEFAULT_MIDDLEBOX).modules[3]?.name).toBe('module4');
  });
});
