// The ledger's words shared by Mis Recompensas and a member's record in Clientes.
export const ledgerMessages = {
  states: {
    pendiente: 'Pendiente',
    disponible: 'Disponible',
    forfeited: 'No cobrada',
    revertido: 'Revertida',
    reverso: 'Reverso',
  },
  notCounted: '(no cuenta)',
} as const;
