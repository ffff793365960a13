/** What a sessions list shows of a user agent: the browser with its major version, and the system. */
export interface Device {
  browser: string
  os: string
}

/** First match wins, so the browsers that also say "Chrome" or "Safari" come before those. */
const browsers: readonly [name: string, pattern: RegExp][] = [
  ['Edge', /\b(?:Edg|EdgA|EdgiOS|Edge)\/(\d+)/],
  ['Opera', /\b(?:OPR|OPiOS)\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['WeChat', /\bMicroMessenger\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome Headless', /\bHeadlessChrome\/(\d+)/],
  ['Chrome', /\b(?:Chrome|CriOS|Chromium)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)[\d.]*(?: Mobile\/\w+)? Safari\//],
]

const systems: readonly [name: string, pattern: RegExp][] = [
  ['Windows', /\bWindows\b/],
  ['Android', /\bAndroid\b/],
  ['iPadOS', /\biPad\b/],
  ['iOS', /\b(?:iPhone|iPod)\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['macOS', /\bMac OS X\b|\bMacintosh\b/],
  ['Linux', /\bLinux\b/],
]

/**
 * Reads browser and system from a User-Agent header for people to recognise their own devices
 * (not for any decision). A client that is no browser (curl, scripts) shows its product name;
 * what is not recognised stays ''.
 */
export function describeUserAgent(userAgent: string): Device {
  let browser = ''
  for (const [name, pattern] of browsers) {
    const match = pattern.exec(userAgent)
    if (match) {
      browser = `${name} ${match[1]}`
      break
    }
  }
  if (!browser) browser = /^(?!Mozilla\/)([A-Za-z][\w.-]{0,39})\//.exec(userAgent)?.[1] ?? ''
  const os = systems.find(([, pattern]) => pattern.test(userAgent))?.[0] ?? ''
  return { browser, os }
}
