export const planMessages = {
  levelsTitle: 'Niveles de estrella',
  levelsDescription:
    'Requisitos de cada nivel, comisión por generación, bono de volumen y bono de inicio. Se guardan todos juntos y cada guardado crea una versión nueva del plan.',
  level: (n: number) => `Nivel ${n}`,
  name: (n: number) => `Nombre del nivel ${n}`,
  personalPoints: (n: number) => `Puntos personales del nivel ${n}`,
  groupPoints: (n: number) => `Puntos de grupo del nivel ${n}`,
  volumeBonus: (n: number) => `Bono de volumen del nivel ${n} (%)`,
  starterBonus: (n: number, currency: string) => `Bono de inicio del nivel ${n} (${currency})`,
  starterShort: (currency: string) => `Bono de inicio (${currency})`,
  rate: (level: number, generation: number) => `Generación ${generation} del nivel ${level} (%)`,
  rateShort: (generation: number) => `Gen. ${generation} (%)`,
  ratesLegend: 'Comisión por compra por generación',
  addGeneration: 'Agregar generación',
  removeGeneration: (n: number) => `Quitar la última generación del nivel ${n}`,
  addLevel: 'Agregar nivel',
  removeLevel: (n: number) => `Quitar el nivel ${n}`,
  preview: 'Vista previa',
  previewing: 'Calculando...',
  save: 'Guardar plan',
  saving: 'Guardando...',
  discard: 'Descartar cambios',
  confirmTitle: '¿Guardar el plan de compensación?',
  confirmBody:
    'Se creará una nueva versión del plan que se aplica a las ventas que se aprueben desde ahora. Lo ya pagado conserva la versión con la que se pagó, también si se cancela.',
  cancel: 'Cancelar',
  loadFailed: 'No pudimos cargar el plan de compensación.',
  whatIfTitle: 'Vista previa: el último mes cerrado con este plan',
  whatIfHint: 'Pulsa «Vista previa» para ver cuánto habría cambiado lo pagado en el último mes cerrado con el plan que estás editando.',
  whatIfQueued: 'Simulación en cola: empieza en unos segundos.',
  whatIfRunning: 'Repitiendo el mes con el plan vigente y con el borrador…',
  whatIfStale: 'Cambiaste el plan después de la vista previa: vuelve a calcularla.',
  whatIfNoMonth: 'Aún no hay un mes cerrado con el que comparar.',
  whatIfMonth: (month: string) => `Repetición de ${month} con el plan vigente y con el borrador (no se escribe nada).`,
  before: 'Con el plan vigente',
  after: 'Con el borrador',
  difference: 'Diferencia',
  shareOfSales: (share: string, sales: string) => `${share} de las ventas del mes (${sales})`,
  noSales: 'Sin ventas pagadas en el mes.',
  costNote: 'Lo pagado a los miembros es un costo de la empresa: en rojo lo que pagaría de más, en verde lo que ahorraría.',
  memberNote: 'Lo que cada miembro cobraría de más (+) o de menos (−) con el borrador.',
  kind: 'Concepto',
  byKind: 'Por concepto',
  members: 'Los miembros más afectados',
  member: 'Miembro',
  noMembersAffected: 'Ningún miembro cobraría distinto.',
  kindLabel: (kind: string, generation: number | null) =>
    kind === 'commission_purchase'
      ? `Comisión por compra, generación ${generation ?? ''}`
      : kind === 'commission_enrollment'
        ? 'Comisión de enrolamiento'
        : kind === 'bonus_starter'
          ? 'Bono de inicio'
          : kind === 'bonus_volume'
            ? 'Bono de volumen'
            : kind,
  versionsTitle: 'Versiones del plan',
  versionsDescription: 'Cada cambio del plan o de sus parámetros crea una versión; cada asiento del libro guarda la suya.',
  version: (v: number) => `Versión ${v}`,
  current: 'Vigente',
  byNobody: 'Instalación u operador de la base de datos',
  noVersions: 'Aún no hay versiones del plan.',
} as const;
