// The company's contact is free text, one item per line («Teléfono: +57 601 555 0100»): each line
// that holds an e-mail or a phone number becomes a link a visitor can tap.

export interface ContactLine {
  text: string;
  href: string | null;
}

const EMAIL = /[^\s@:<>]+@[^\s@<>]+\.[^\s@<>]+/;
const PHONE = /\+?\d[\d\s().-]{5,}\d/;

export function contactLines(contactInfo: string): ContactLine[] {
  return contactInfo
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((text) => {
      const email = EMAIL.exec(text)?.[0];
      if (email) return { text, href: `mailto:${email}` };
      const phone = PHONE.exec(text)?.[0];
      if (phone) return { text, href: `tel:${phone.replace(/[^\d+]/g, '')}` };
      return { text, href: null };
    });
}
