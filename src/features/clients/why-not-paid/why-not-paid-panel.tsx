// Placeholder with the agreed contract: «¿Por qué no cobró?» for one member and the month in `?mes=`.
// Mounted by the member's detail page (tab `por-que-no-cobro`); its content is being built.
export default function WhyNotPaidPanel({ clientId }: { clientId: string }) {
  return <p data-client-id={clientId}>«¿Por qué no cobró?» estará disponible pronto.</p>;
}
