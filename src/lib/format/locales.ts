// The ways of writing money, numbers and dates a company can choose in Configuración (metadata.locale).
// A closed list: the database writes the same figures in its sentences (private.money_in), and it
// replicates CLDR's patterns only for these. They are the Spanish-speaking markets the product sells in
// first, and between them they cover every pattern Intl has for Spanish: the symbol before the amount
// with a space (Colombia, Perú), touching it (México, Chile, Ecuador), after it (España), and a decimal
// comma or point. Keep it equal to the check on public.metadata.locale (an integration test compares them).

// Codes only: every page's first load carries this list (the format module checks the settings' value);
// their names for people are Configuración's (settings/messages.ts).
export const SUPPORTED_LOCALES = ['es-CO', 'es-MX', 'es-PE', 'es-CL', 'es-EC', 'es-ES'] as const;

export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];

export const DEFAULT_LOCALE: SupportedLocale = 'es-CO';

export function isSupportedLocale(value: string): value is SupportedLocale {
  return (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** A stored locale the app does not know (a newer database, a hand edit) reads as the default. */
export function safeLocale(value: string | null | undefined): SupportedLocale {
  return value && isSupportedLocale(value) ? value : DEFAULT_LOCALE;
}
