// The words of Aprobaciones. «Aprobar» and «Rechazar» are binding (SCREENS.md §2).
import { saleKindLabels, type SaleKind } from '@/lib/data/domain';

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

export const approvalMessages = {
  // The queue
  queueLabel: 'Cola de aprobación',
  queueSummary: (count: string, n: number) => `${count} ${plural(n, 'venta espera', 'ventas esperan')} tu revisión`,
  oldestSince: (age: string) => `la más antigua ${age}`,
  queueFailed: 'No pudimos cargar la cola de aprobación.',
  emptyTitle: 'No hay nada por aprobar',
  emptyHint: 'Cuando un miembro haga un pedido o enrole a alguien, aparecerá aquí. La cola se actualiza sola cada 30 segundos.',
  refresh: 'Actualizar ahora',
  refreshed: 'La cola se actualiza sola cada 30 segundos.',
  itemLabel: (kind: SaleKind, no: string) => `${saleKindLabels[kind]} #${no}`,
  voucherAttached: 'Con comprobante',
  noVoucherShort: 'Sin comprobante',

  // Nothing open yet
  pickTitle: 'Elige una venta de la cola',
  pickHint: 'Revísalas de la más antigua a la más reciente.',
  openOldest: 'Revisar la más antigua',
  backToQueue: 'Volver a la cola',

  // The open sale
  detailFailed: 'No pudimos cargar esta venta.',
  previous: 'Anterior',
  next: 'Siguiente',
  previousAria: 'Venta anterior de la cola (K)',
  nextAria: 'Venta siguiente de la cola (J)',
  received: (when: string, age: string) => `Recibida el ${when} (${age})`,
  notPendingTitle: (no: string, status: string) => `La venta #${no} ya no está pendiente: está «${status}».`,
  notPendingHint: 'Alguien del equipo ya la resolvió. Sigue con la próxima de la cola.',

  // Who
  member: 'Miembro',
  personToEnrol: 'Persona a enrolar',
  enrolledBy: (name: string) => `La enrola ${name}`,
  email: 'Correo',
  phone: 'Teléfono',
  document: 'Documento',
  city: 'Ciudad',
  address: 'Dirección de entrega',
  notes: 'Notas del pedido',
  none: 'Sin dato',
  enrolmentTitle: 'Revisa a la persona antes de enrolarla',
  emailIsStaff: 'Este correo es de alguien del personal (o tiene una invitación pendiente): un miembro no puede usarlo.',
  // Issue 23 §2: who chose the address the account opens with does not open it.
  emailChangedByMe: (date: string) => `Cambiaste el correo de esta persona el ${date}: otra persona del personal debe aprobar su enrolamiento.`,
  emailChangedBy: (who: string, date: string) =>
    `${who} cambió el correo de esta persona el ${date}. Con ese correo entrará a Savia: confírmalo con quien la enroló antes de aprobar.`,
  earlierAttempts: (n: number) =>
    n === 1 ? 'Esta persona ya tuvo 1 intento de enrolamiento antes.' : `Esta persona ya tuvo ${n} intentos de enrolamiento antes.`,
  documentReuse: (document: string) => `El documento ${document} ya lo usa otra ficha:`,
  enrolmentStatus: { registered: 'registrado', pending: 'pendiente', rejected: 'rechazado', cancelled: 'cancelado' } as Record<string, string>,

  // Lines
  lines: 'Productos',
  product: 'Producto',
  quantity: 'Cantidad',
  unitPrice: 'Precio',
  lineTotal: 'Subtotal',
  stockNow: 'Stock',
  total: 'Total',
  points: 'Puntos',
  pointsUnit: (n: string) => `${n} puntos`,
  withdrawn: 'Retirado',
  shortBy: (n: string) => `Faltan ${n}`,

  // Payment
  payment: 'Pago',
  method: 'Medio de pago',
  reference: 'Referencia',
  noReference: 'Sin referencia',
  voucher: 'Comprobante',
  noVoucher: 'El miembro no adjuntó comprobante.',
  voucherFailed: 'No pudimos abrir el comprobante.',
  viewVoucher: 'Ver comprobante',
  voucherImageAlt: (no: string) => `Comprobante de pago de la venta #${no}`,
  voucherPdf: 'Comprobante en PDF',
  openInTab: 'Abrir en una pestaña nueva',
  zoomIn: 'Acercar',
  zoomOut: 'Alejar',
  zoomReset: 'Ajustar al ancho',
  zoomLevel: (percent: string) => `Zoom ${percent}`,
  bankReminder: (amount: string, reference: string | null) =>
    reference
      ? `Antes de aprobar, confirma en el banco que llegaron ${amount} con la referencia «${reference}».`
      : `Antes de aprobar, confirma en el banco que llegaron ${amount}: esta venta no trae referencia de pago.`,

  // Fraud signs
  fraudTitle: 'Señales de alerta',
  referenceReuse: (reference: string) => `La referencia de pago «${reference}» ya aparece en otra venta:`,
  voucherReuse: 'El mismo archivo de comprobante ya se usó en otra venta:',
  otherSale: (no: string) => `Venta #${no}`,
  otherSaleOf: (client: string, status: string, when: string) => `de ${client}, ${status}, ${when}`,
  checksFailed: 'No pudimos revisar las señales de alerta de esta venta.',
  signsReviewed: 'Lo revisé: miré estas señales y aun así quiero aprobar la venta.',
  signsReviewedMissing: 'Marca «Lo revisé» para aprobar una venta con señales de alerta.',
  cardFraudSigns: (n: number) => plural(n, 'Señal de alerta', `${n} señales de alerta`),
  voucherAmountMismatch: (voucher: string, total: string, gap: string, more: boolean) =>
    `El comprobante dice ${voucher} y la venta es de ${total}: ${gap} ${more ? 'de más' : 'de menos'}.`,
  voucherAmountMismatchBy: (who: string, when: string) => `Lo anotó ${who} el ${when}.`,

  // The amount read on the voucher
  voucherAmountLabel: 'Importe que dice el comprobante',
  voucherAmountPlaceholder: (example: string) => `Ej.: ${example}`,
  voucherAmountSave: 'Anotar importe',
  voucherAmountCorrect: 'Corregir importe',
  voucherAmountRemove: 'Borrar nota',
  voucherAmountHint: 'Anótalo si lo leíste: la base de datos lo compara con el total y avisa si no coincide.',
  voucherAmountNoted: (amount: string, matches: boolean) => `Anotado: ${amount}, ${matches ? 'coincide con el total.' : 'no coincide con el total.'}`,
  voucherAmountBy: (who: string, when: string) => `Lo anotó ${who} el ${when}.`,
  voucherAmountUnreadable: 'Escribe el importe como aparece en el comprobante: solo la cifra, como en el ejemplo del campo.',
  voucherAmountFailed: 'No pudimos anotar el importe. Inténtalo de nuevo.',

  // Stock
  stockTitle: 'Stock insuficiente',
  stockShort: (name: string, needed: string, stock: string) => `${name}: pide ${needed} y quedan ${stock}.`,
  stockWithdrawn: (name: string) => `${name} está retirado del catálogo.`,
  stockHint: 'Aprobar se rechazará hasta que repongan el stock. Puedes rechazarla o esperar la reposición.',

  // Reward preview
  preview: 'Recompensas al aprobar',
  previewHint: 'Lo que escribirá la aprobación, calculado por la base de datos con el plan vigente.',
  previewEmpty: 'Esta venta no genera recompensas.',
  previewFailed: 'No pudimos calcular la vista previa de recompensas.',
  previewPlan: (version: number) => `Plan versión ${version}`,
  beneficiary: 'Quién',
  concept: 'Concepto',
  amount: 'Monto',
  generation: (n: number) => `Generación ${n}`,
  entryCount: (n: number) => plural(n, '1 asiento', `${n} asientos`),
  approvePreviewLabel: 'Quién gana qué al aprobar',
  approvePreviewTitle: (n: number) => (n === 0 ? 'Quién gana qué al aprobar' : plural(n, 'Se escribirá este asiento:', `Se escribirán estos ${n} asientos:`)),

  // Actions
  approve: 'Aprobar',
  approving: 'Aprobando…',
  reject: 'Rechazar',
  rejecting: 'Rechazando…',
  approveTitle: (no: string) => `¿Aprobar la venta #${no}?`,
  approveWhat: (total: string, client: string, enrolment: boolean) =>
    enrolment
      ? `El enrolamiento de ${client} (${total}) pasa a Pagada: la persona queda registrada y se descuenta el kit del stock.`
      : `El pedido de ${client} (${total}) pasa a Pagada y se descuenta su stock.`,
  approveCheckBank: 'Hazlo solo si ya viste el dinero en la cuenta de la empresa.',
  approveShortStock: 'Ojo: hoy no hay stock suficiente y la base de datos lo rechazará.',
  rejectTitle: (no: string) => `¿Rechazar la venta #${no}?`,
  rejectWhat: (client: string, enrolment: boolean) =>
    enrolment
      ? `El enrolamiento de ${client} pasa a Rechazado y la persona no queda registrada. No se mueve stock ni dinero; quien la enroló verá el motivo.`
      : `El pedido de ${client} pasa a Rechazado. No se mueve stock ni dinero; el miembro verá el motivo en Mis Pedidos.`,
  reasonLabel: 'Motivo del rechazo',
  reasonPlaceholder: 'Escribe el motivo o elige uno de los frecuentes',
  commonReasons: [
    'El pago no llegó a la cuenta.',
    'El comprobante no corresponde al importe.',
    'El comprobante no es legible.',
    'La referencia de pago ya se usó en otra venta.',
    'Datos del enrolamiento incompletos.',
    'No hay stock suficiente para este pedido.',
  ],

  // Keyboard
  shortcutsTitle: 'Atajos de teclado',
  shortcuts: [
    { key: 'A', what: 'aprobar' },
    { key: 'R', what: 'rechazar' },
    { key: 'J', what: 'siguiente' },
    { key: 'K', what: 'anterior' },
  ],
  shortcutsHint: 'No funcionan mientras escribes en un campo.',
} as const;
