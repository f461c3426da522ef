export const authMessages = {
  signInTitle: 'Iniciar Sesión',
  signInDescription: 'Accede con la cuenta de Google que registraste en la empresa.',
  signInWithGoogle: 'Continuar con Google',
  signingIn: 'Redirigiendo a Google...',
  signInFailed: 'No se pudo iniciar sesión con Google. Inténtalo de nuevo.',
  // Google sent the person back with an error that is not the refusal of an unregistered e-mail:
  // Cancel in its chooser, a banned account…; the address may well be registered.
  signInNotCompleted: 'No se completó el inicio de sesión con Google. Inténtalo de nuevo.',
  welcome: 'Bienvenido a Savia',
  tagline: 'Plantas y productos para tu salud, y la red que los comparte.',

  authErrorTitle: 'Acceso No Autorizado',
  authErrorNotRegistered: 'El correo electrónico de Google que usaste no está registrado en nuestro sistema.',
  authErrorUseEnrolmentEmail: 'Por favor, inicia sesión con el correo electrónico que usaste al momento de tu inscripción.',
  authErrorContact: 'Si crees que se trata de un error, contacta a un representante de la empresa.',
  backToSignIn: 'Volver al Inicio de Sesión',

  noAccessTitle: 'Sin acceso',
  noAccessText: 'Tu cuenta no tiene un rol asignado, así que todavía no puedes entrar a ninguna sección.',
  noAccessContact: 'Si crees que se trata de un error, contacta a un representante de la empresa.',
  signedInAs: 'Sesión iniciada como',

  // The first sign-in of a pending or rejected enrolment
  enrolmentLoading: 'Buscando tu enrolamiento…',
  enrolmentPendingTitle: 'Tu enrolamiento está en revisión',
  enrolmentPendingText: (name: string, enroller: string | null, when: string) =>
    enroller
      ? `Hola, ${name}. ${enroller} te enroló el ${when} y la empresa está revisando el pago de tu kit de inicio.`
      : `Hola, ${name}. Recibimos tu enrolamiento el ${when} y la empresa está revisando el pago de tu kit de inicio.`,
  enrolmentNextTitle: 'Qué sigue',
  enrolmentNextSteps: (company: string) => [
    `${company} confirma que el pago llegó a su cuenta y aprueba tu enrolamiento.`,
    'Cuando lo aprueben, vuelve a entrar con este mismo correo de Google: verás tu cuenta, tus pedidos y tu red.',
    'Mientras tanto no tienes que hacer nada más.',
  ],
  enrolmentPendingContact: (enroller: string | null) =>
    enroller ? `¿Tienes dudas? Pregúntale a ${enroller} o escribe a la empresa:` : '¿Tienes dudas? Escribe a la empresa:',
  enrolmentRejectedTitle: 'Tu enrolamiento no fue aprobado',
  enrolmentRejectedText: (name: string, enroller: string | null, when: string) =>
    enroller
      ? `Hola, ${name}. La empresa revisó el enrolamiento que ${enroller} hizo para ti y el ${when} no lo aprobó.`
      : `Hola, ${name}. La empresa revisó tu enrolamiento y el ${when} no lo aprobó.`,
  enrolmentRejectedReason: 'Motivo',
  enrolmentCancelledTitle: 'Tu enrolamiento fue cancelado',
  enrolmentCancelledText: (name: string, enroller: string | null, when: string) =>
    enroller ? `Hola, ${name}. El enrolamiento que ${enroller} hizo para ti se canceló el ${when}.` : `Hola, ${name}. Tu enrolamiento se canceló el ${when}.`,
  enrolmentRejectedContact: (enroller: string | null, company: string) =>
    enroller
      ? `Si crees que es un error o ya lo corregiste, habla con ${enroller}, que puede enrolarte de nuevo, o contacta a ${company}:`
      : `Si crees que es un error o ya lo corregiste, contacta a ${company}:`,
  signOut: 'Cerrar Sesión',
} as const;
