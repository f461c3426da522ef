/** A wa.me link for a phone as members type it («+57 310 555 0101»): wa.me wants the international number, digits only. */
export function whatsappHref(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 7 ? `https://wa.me/${digits}` : null;
}
