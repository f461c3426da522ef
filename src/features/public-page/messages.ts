export const publicPageMessages = {
  metaTitle: (member: string, company: string) => `${member} · ${company}`,
  metaDescription: (member: string, company: string, city: string | null) =>
    `Conoce el catálogo y las recetas de ${company} con ${member}${city ? `, en ${city}` : ''}. Escríbele para recibir asesoría.`,
  notFoundTitle: 'Esta página no existe',
  notFoundDescription: (company: string) => `Revisa el enlace que te compartieron. Si buscas a alguien de ${company}, escríbenos y te ponemos en contacto.`,
  memberOf: (company: string) => `Miembro de ${company}`,
  writeMe: 'Escríbeme',
  catalogueTitle: 'Catálogo',
  catalogueEmpty: 'Pronto habrá productos en el catálogo.',
  notMedicine: 'Este producto no es un medicamento.',
  noPhoto: 'Sin foto',
  recipesTitle: 'Recetas con estos productos',
  recipeUses: 'Usa',
  recipeSteps: 'Ver preparación',
  contactTitle: 'Contacto',
  companyContact: (company: string) => `${company}`,
  formTitle: (member: string) => `Escríbele a ${member}`,
  formDescription: 'Déjale tus datos y un mensaje: te responderá por correo o por teléfono.',
  name: 'Nombre',
  email: 'Correo electrónico',
  phone: 'Teléfono',
  contactHint: 'Déjanos al menos uno de los dos: correo o teléfono.',
  message: 'Mensaje',
  messageOptional: 'Mensaje (opcional)',
  consent: (member: string, company: string) =>
    `Autorizo a ${member} y a ${company} a usar estos datos solo para responderme, según la ley de protección de datos personales (Ley 1581 de 2012).`,
  honeypot: 'No llenes este campo',
  send: 'Enviar mensaje',
  sending: 'Enviando…',
  thanksTitle: (name: string) => `¡Gracias, ${name}!`,
  thanksDescription: (member: string) => `${member} recibió tu mensaje y te contactará pronto.`,
  sendAnother: 'Enviar otro mensaje',
  // Limits equal to submit_lead's checks (supabase/migrations/20250701051000_health_and_leads.sql).
  nameInvalid: 'Escribe tu nombre (entre 2 y 120 caracteres).',
  contactRequired: 'Déjanos un correo o un teléfono para poder contactarte.',
  emailInvalid: 'El correo no parece válido.',
  phoneTooLong: 'El teléfono admite hasta 40 caracteres.',
  messageTooLong: 'El mensaje admite hasta 2.000 caracteres.',
  consentRequired: 'Para enviar tu mensaje, marca la casilla de autorización de datos.',
} as const;

// Benefits are stored as plain tags («sueno», «digestion»); people read them with their accents.
const BENEFIT_LABELS: Record<string, string> = {
  antioxidante: 'Antioxidante',
  articulaciones: 'Articulaciones',
  cabello: 'Cabello',
  concentracion: 'Concentración',
  defensas: 'Defensas',
  digestion: 'Digestión',
  energia: 'Energía',
  hidratacion: 'Hidratación',
  inflamacion: 'Inflamación',
  nutricion: 'Nutrición',
  piel: 'Piel',
  relajacion: 'Relajación',
  sueno: 'Sueño',
};

export function benefitLabel(tag: string): string {
  const known = BENEFIT_LABELS[tag.toLowerCase()];
  if (known) return known;
  const words = tag.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
