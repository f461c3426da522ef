// @ts-check
// Where GoTrue is willing to send the browser back to: the site URL's origin, any loopback
// address, or a match of the allow list (globs with `.` and `/` as separators, like gobwas/glob);
// anything else falls back to the site URL (utilities.GetReferrer / IsRedirectURLValid).

const LOCALHOSTS = ['localhost', '127.0.0.1', '::1', '[::1]', '0.0.0.0', '::'];
const isLocalhost = (/** @type {string} */ host) => LOCALHOSTS.includes(host) || host.endsWith('.localhost');
const REGULAR_HOSTNAME = /^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/;

/** @param {string} pattern */
function globToRegExp(pattern) {
  let source = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i];
    if (c === '*' && pattern[i + 1] === '*') {
      source += '.*';
      i += 1;
    } else if (c === '*') source += '[^./]*';
    else if (c === '?') source += '[^./]';
    else if (c === '{') source += '(?:';
    else if (c === '}') source += ')';
    else if (c === ',' && source.includes('(?:')) source += '|';
    else source += c.replace(/[\\^$.|+()[\]]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** @param {string} url */
function parse(url) {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * @param {import('./settings.mjs').AuthSettings} settings
 * @param {string | null | undefined} redirectUrl
 * @returns {redirectUrl is string}
 */
export function isRedirectUrlValid(settings, redirectUrl) {
  if (!redirectUrl) return false;
  const base = parse(settings.siteUrl);
  const target = parse(redirectUrl);
  if (!base || !target) return false;
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (base.hostname === target.hostname && base.protocol === target.protocol && (base.port === target.port || isLocalhost(host))) {
    return true;
  }
  const isHttp = target.protocol === 'http:' || target.protocol === 'https:';
  if (/^[0-9]+$/.test(host)) return false;
  if (/^[\d.]+$/.test(host) || host.includes(':')) return host === '::1' || host.startsWith('127.');
  if (isHttp && !REGULAR_HOSTNAME.test(host)) return false;
  const withoutFragment = redirectUrl.split('#')[0];
  return settings.redirectAllowList.some((pattern) => globToRegExp(pattern).test(withoutFragment));
}

/**
 * redirect_to if allowed, else the Referer header if allowed, else the site URL.
 * @param {import('./settings.mjs').AuthSettings} settings
 * @param {string | null | undefined} redirectTo
 * @param {string | undefined} referer
 */
export function chooseRedirect(settings, redirectTo, referer) {
  if (isRedirectUrlValid(settings, redirectTo)) return redirectTo;
  if (isRedirectUrlValid(settings, referer)) return referer;
  return settings.siteUrl;
}
