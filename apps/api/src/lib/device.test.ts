import { describe, expect, it } from 'vitest';
import { browserFamily, coarseNetwork } from './device';

const UA = {
  chromeWin: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edgeWin: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  chromeIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  samsung: 'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
};

describe('browserFamily', () => {
  it('names the family and system, never the version', () => {
    expect(browserFamily(UA.chromeWin)).toBe('Chrome on Windows');
    expect(browserFamily(UA.edgeWin)).toBe('Edge on Windows');
    expect(browserFamily(UA.safariMac)).toBe('Safari on macOS');
    expect(browserFamily(UA.firefoxLinux)).toBe('Firefox on Linux');
    expect(browserFamily(UA.chromeIos)).toBe('Chrome on iOS');
    expect(browserFamily(UA.samsung)).toBe('Samsung Internet on Android');
    expect(browserFamily('curl/8.5.0')).toBe('Unknown browser');
    expect(browserFamily(null)).toBe('Unknown browser');
  });
});

describe('coarseNetwork', () => {
  it('keeps an IPv4 /24 and an IPv6 /48', () => {
    expect(coarseNetwork('203.0.113.77')).toBe('203.0.113.0/24');
    expect(coarseNetwork('::ffff:203.0.113.77')).toBe('203.0.113.0/24');
    expect(coarseNetwork('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48');
    expect(coarseNetwork('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(coarseNetwork('::1')).toBe('0:0:0::/48');
    expect(coarseNetwork('fe80::1%eth0')).toBe('fe80:0:0::/48');
  });
});
