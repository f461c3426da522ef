// Placeholder with the agreed contract: the superadmin's «Cambiar enrolador» action for one member,
// mounted beside the enroller on the member's detail page; renders nothing for anyone else.
export default function ChangeEnrollerButton({ clientId }: { clientId: string }) {
  void clientId;
  return null;
}
