import { describe, expect, it } from 'vitest';
import { parseBandwidth, parseBuffer, parseSize, parseTime, type Parsed } from './units';

const value = (p: Parsed) => (p.ok ? p.value : `error: ${p.error}`);

describe('units, the same grammar as the core', () => {
  it('reads times in nanoseconds', () => {
    expect(value(parseTime('2ms'))).toBe(2_000_000);
    expect(value(parseTime('20ns'))).toBe(20);
    expect(value(parseTime('1.5us'))).toBe(1_500);
    expect(value(parseTime('0'))).toBe(0);
    expect(value(parseTime('3s'))).toBe(3_000_000_000);
    expect(value(parseTime('0.1ns'))).toMatch(/whole/);
    expect(value(parseTime('5'))).toMatch(/needs a unit/);
    expect(value(parseTime('5 parsecs'))).toMatch(/parsecs/);
    expect(value(parseTime('-1ms'))).toMatch(/^error/);
    expect(value(parseTime('1..2ms'))).toMatch(/not a decimal/);
  });

  it('reads rates in bits per second, inf as null', () => {
    expect(value(parseBandwidth('10Gbps'))).toBe(10_000_000_000);
    expect(value(parseBandwidth('1.5Mbps'))).toBe(1_500_000);
    expect(value(parseBandwidth('1MBps'))).toBe(8_000_000);
    expect(value(parseBandwidth('1Kibps'))).toBe(1024);
    expect(value(parseBandwidth('inf'))).toBeNull();
    expect(value(parseBandwidth('0bps'))).toMatch(/greater than zero/);
    expect(value(parseBandwidth('fast'))).toMatch(/^error/);
    expect(value(parseBandwidth('10Gpbs'))).toMatch(/Gpbs/);
  });

  it('reads sizes in bytes and buffers as bytes, packets or unlimited', () => {
    expect(value(parseSize('1500B'))).toBe(1500);
    expect(value(parseSize('128KB'))).toBe(128_000);
    expect(value(parseSize('64KiB'))).toBe(65_536);
    expect(value(parseSize('12000b'))).toBe(1500);
    expect(value(parseSize('13b'))).toMatch(/whole number of bytes/);
    expect(value(parseSize('1500'))).toMatch(/unknown size unit ""/);
    expect(value(parseBuffer('100pkt'))).toBe(100);
    expect(value(parseBuffer('unlimited'))).toBeNull();
    expect(value(parseBuffer('15KB'))).toBe(15_000);
    expect(value(parseBuffer('1.5pkt'))).toMatch(/not a whole number/);
  });
});
