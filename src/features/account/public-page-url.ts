import { paths } from '@/config/paths';

/** The member's public page on this site (`/p/{slug}`): what a visitor opens and the QR holds. */
export function publicPageUrl(slug: string, origin: string = window.location.origin): string {
  return `${origin}${paths.landing.replace(':slug', encodeURIComponent(slug))}`;
}
