export const authMessages = {
  signInTitle: 'Iniciar Sesión',
  signInDescription: 'Accede con la cuenta de Google que registraste en la empresa.',
  signInWithGoogle: 'Continuar con Google',
  signingIn: 'Redirigiendo a Google...',
  signInFailed: 'No se pudo iniciar sesión con Google. Inténtalo de nuevo.',
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
  signOut: 'Cerrar Sesión',
} as const;
