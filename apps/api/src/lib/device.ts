import { isIPv4, isIPv6 } from 'node:net';

/** Browser families, most specific first (Edge and Opera say "Chrome" too, Chrome says "Safari"). */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (table: [RegExp, string][], text: string) => table.find(([pattern]) => pattern.test(text))?.[1];

/** "Firefox on Windows" from a User-Agent header: the browser family and system, never versions. */
export function browserFamily(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  const browser = first(BROWSERS, ua);
  const system = first(SYSTEMS, ua);
  if (!browser) return system ? `Unknown browser on ${system}` : 'Unknown browser';
  return system ? `${browser} on ${system}` : browser;
}

/** The eight 16-bit groups of an IPv6 address (an IPv4 tail counts as the last two). */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0] as string;
  const v4 = text.match(/(\d+\.\d+\.\d+\.\d+)$/)?.[1];
  if (v4) {
    const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -v4.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16));
}

/**
 * The coarse network of a client address: its IPv4 /24 or IPv6 /48 (an IPv4-mapped IPv6 address
 * counts as IPv4), so a new address from the same provider's block is the same device.
 */
export function coarseNetwork(ip: string): string {
  const mapped = ip.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i)?.[1];
  const address = mapped ?? ip;
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(address)) {
    const groups = ipv6Groups(address).slice(0, 3).map((group) => group.toString(16));
    return `${groups.join(':')}::/48`;
  }
  return address;
}

/** What makes a device known: the browser family and the coarse network. */
export type Device = { browser: string; network: string };

export const deviceOf = (meta: { ip: string; userAgent: string | null }): Device => ({
  browser: browserFamily(meta.userAgent),
  network: coarseNetwork(meta.ip),
});
