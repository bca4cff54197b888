import { describe, expect, it } from 'vitest';
import { parseUserAgent, type UserAgentInfo } from '../../src/enrich/user-agent.js';

const CASES: Array<[string, string, UserAgentInfo]> = [
  [
    'Chrome on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    { browser: 'Chrome', browser_version: '131', os: 'Windows', os_version: '10', device: 'desktop' },
  ],
  [
    'Chrome on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    { browser: 'Chrome', browser_version: '131', os: 'macOS', os_version: '10.15', device: 'desktop' },
  ],
  [
    'Safari on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    { browser: 'Safari', browser_version: '18', os: 'macOS', os_version: '10.15', device: 'desktop' },
  ],
  [
    'Safari on iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    { browser: 'Mobile Safari', browser_version: '17', os: 'iOS', os_version: '17.5', device: 'mobile' },
  ],
  [
    'Safari on iPad',
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
    { browser: 'Mobile Safari', browser_version: '16', os: 'iOS', os_version: '16.6', device: 'tablet' },
  ],
  [
    'Firefox on Linux',
    'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
    { browser: 'Firefox', browser_version: '133', os: 'Linux', device: 'desktop' },
  ],
  [
    'Firefox on Ubuntu',
    'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
    { browser: 'Firefox', browser_version: '128', os: 'Ubuntu', device: 'desktop' },
  ],
  [
    'Firefox on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
    { browser: 'Firefox', browser_version: '133', os: 'Windows', os_version: '10', device: 'desktop' },
  ],
  [
    'Edge on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
    { browser: 'Microsoft Edge', browser_version: '131', os: 'Windows', os_version: '10', device: 'desktop' },
  ],
  [
    'Samsung Internet on a Galaxy phone',
    'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
    { browser: 'Samsung Internet', browser_version: '26', os: 'Android', os_version: '14', device: 'mobile' },
  ],
  [
    'Chrome on an Android phone (reduced UA)',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    { browser: 'Chrome', browser_version: '131', os: 'Android', os_version: '10', device: 'mobile' },
  ],
  [
    'Chrome on a Pixel 8',
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.104 Mobile Safari/537.36',
    { browser: 'Chrome', browser_version: '131', os: 'Android', os_version: '14', device: 'mobile' },
  ],
  [
    'Chrome on an Android tablet',
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    { browser: 'Chrome', browser_version: '131', os: 'Android', os_version: '13', device: 'tablet' },
  ],
  [
    'Opera on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0',
    { browser: 'Opera', browser_version: '115', os: 'Windows', os_version: '10', device: 'desktop' },
  ],
  [
    'Opera on Android',
    'Mozilla/5.0 (Linux; Android 14; SM-G991B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 OPR/86.0.0.0',
    { browser: 'Opera', browser_version: '86', os: 'Android', os_version: '14', device: 'mobile' },
  ],
  [
    'Samsung smart TV (Tizen)',
    'Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/4.0 Chrome/76.0.3809.146 TV Safari/537.36',
    { browser: 'Samsung Internet', browser_version: '4', os: 'Tizen', os_version: '6.0', device: 'tv' },
  ],
  [
    'LG smart TV (webOS)',
    'Mozilla/5.0 (Web0S; Linux/SmartTV) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/87.0.4280.88 Safari/537.36 WebAppManager',
    { browser: 'Chrome', browser_version: '87', os: 'webOS', os_version: 'TV', device: 'tv' },
  ],
  [
    'Fire TV stick',
    'Mozilla/5.0 (Linux; Android 9; AFTMM Build/PS7633) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.179 Mobile Safari/537.36',
    { browser: 'Chrome', browser_version: '124', os: 'Android', os_version: '9', device: 'tv' },
  ],
  [
    'Chrome on ChromeOS',
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    { browser: 'Chrome', browser_version: '131', os: 'ChromeOS', os_version: '14541.0', device: 'desktop' },
  ],
  [
    'Chrome on iPhone (CriOS)',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
    { browser: 'Chrome', browser_version: '131', os: 'iOS', os_version: '18.1', device: 'mobile' },
  ],
  [
    'Firefox on iPhone (FxiOS)',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
    { browser: 'Firefox', browser_version: '133', os: 'iOS', os_version: '18.1', device: 'mobile' },
  ],
  [
    'Edge on iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) EdgiOS/131.0.2903.87 Version/18.0 Mobile/15E148 Safari/604.1',
    { browser: 'Microsoft Edge', browser_version: '131', os: 'iOS', os_version: '18.1', device: 'mobile' },
  ],
  [
    'Firefox on Android',
    'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0',
    { browser: 'Firefox', browser_version: '133', os: 'Android', os_version: '14', device: 'mobile' },
  ],
  [
    'Android WebView',
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240905.003; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.6778.39 Mobile Safari/537.36',
    { browser: 'Chrome WebView', browser_version: '131', os: 'Android', os_version: '14', device: 'mobile' },
  ],
  [
    'Facebook in-app browser on iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/480.0.0.0;]',
    { browser: 'Facebook', browser_version: '480', os: 'iOS', os_version: '17.6', device: 'mobile' },
  ],
  [
    'PlayStation 5',
    'Mozilla/5.0 (PlayStation; PlayStation 5/2.26) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.0 Safari/605.1.15',
    { browser: 'Safari', browser_version: '13', os: 'PlayStation', os_version: '5', device: 'console' },
  ],
  [
    'Xbox One',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; Xbox; Xbox One) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19041',
    { browser: 'Microsoft Edge', browser_version: '18', os: 'Xbox', os_version: 'One', device: 'console' },
  ],
  [
    'Galaxy Watch',
    'Mozilla/5.0 (Linux; Android 11; SM-R875F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
    { browser: 'Chrome', browser_version: '120', os: 'Android', os_version: '11', device: 'wearable' },
  ],
  [
    'Meta Quest 3',
    'Mozilla/5.0 (Linux; Android 12; Quest 3) AppleWebKit/537.36 (KHTML, like Gecko) OculusBrowser/31.0.0.5.53 SamsungBrowser/4.0 Chrome/120.0.6099.283 VR Safari/537.36',
    { browser: 'Oculus Browser', browser_version: '31', os: 'Android', os_version: '12', device: 'wearable' },
  ],
  [
    'Chrome on Windows 7',
    'Mozilla/5.0 (Windows NT 6.1; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.0.0 Safari/537.36',
    { browser: 'Chrome', browser_version: '109', os: 'Windows', os_version: '7', device: 'desktop' },
  ],
  [
    'Vivaldi on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Vivaldi/7.0.3495.18',
    { browser: 'Vivaldi', browser_version: '7', os: 'Windows', os_version: '10', device: 'desktop' },
  ],
  [
    'Yandex Browser',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 YaBrowser/24.12.0.0 Safari/537.36',
    { browser: 'Yandex Browser', browser_version: '24', os: 'Windows', os_version: '10', device: 'desktop' },
  ],
  [
    'Internet Explorer 11',
    'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko',
    {
      browser: 'Internet Explorer',
      browser_version: '11',
      os: 'Windows',
      os_version: '10',
      device: 'desktop',
    },
  ],
  [
    'MIUI Browser',
    'Mozilla/5.0 (Linux; U; Android 12; zh-cn; 2201123C Build/SKQ1.211006.001) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/100.0.4896.127 Mobile Safari/537.36 XiaoMi/MiuiBrowser/17.9.110806',
    { browser: 'MIUI Browser', browser_version: '17', os: 'Android', os_version: '12', device: 'mobile' },
  ],
  [
    'Silk on a Kindle Fire tablet',
    'Mozilla/5.0 (Linux; Android 13; KFRAWI) AppleWebKit/537.36 (KHTML, like Gecko) Silk/131.2.1 like Chrome/131.0.6778.135 Safari/537.36',
    { browser: 'Silk', browser_version: '131', os: 'Android', os_version: '13', device: 'tablet' },
  ],
  ['Roku player (no browser or OS named)', 'Roku/DVP-9.10 (519.10E04111A)', { device: 'tv' }],
  ['an empty user agent', '', { device: 'desktop' }],
  ['an unparseable user agent', 'garbage', { device: 'desktop' }],
];

describe('parseUserAgent', () => {
  it.each(CASES)('reads %s', (_name, ua, expected) => {
    expect(parseUserAgent(ua)).toEqual(expected);
  });

  it('returns the cached, frozen result for a repeated user agent', () => {
    const ua = CASES[0]![1];
    const first = parseUserAgent(ua);
    expect(parseUserAgent(ua)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('reads a user agent longer than 500 characters by its first 500, as ua-parser-js does', () => {
    const head = CASES[0]![1].padEnd(500, ' ');
    const withFirefoxTail = parseUserAgent(`${head} Firefox/133.0`);
    expect(withFirefoxTail).toEqual(CASES[0]![2]);
    expect(parseUserAgent(`${head} OPR/115.0.0.0`)).toBe(withFirefoxTail);
  });
});
