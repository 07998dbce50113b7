/**
 * The sign-in dialog's words and what signing in, up and out tell the user (es-CO): they load
 * with the dialog and the auth actions, not with the first paint. The session check's and the
 * loading spinner's words stay in es.auth. What the server says went wrong arrives in Spanish
 * in its error envelope (contracts/errors.ts): no error code is translated here.
 */
export const esAuth = {
  dialogTitle: 'Acceso a Holgura',
  dialogDescription:
    'Ingresa con tu cuenta corporativa SAX o con una cuenta de Holgura para analizar casos y consultar resultados.',
  close: 'Cerrar',
  tabsLabel: 'Método de acceso',
  tabSax: 'SAX',
  tabHolgura: 'Holgura',
  saxIntro:
    'Usa la cuenta de tu organización. Se abrirá una ventana del proveedor de identidad SAX para confirmar tu acceso.',
  continueWithSax: 'Continuar con SAX',
  accountTabsLabel: 'Cuenta de Holgura',
  tabSignIn: 'Iniciar sesión',
  tabSignUp: 'Registrarse',
  submitSignIn: 'Iniciar sesión',
  submitSignUp: 'Crear cuenta',
  submittingSignIn: 'Iniciando sesión...',
  submittingSignUp: 'Creando cuenta...',
  passwordHint:
    'Al menos 8 caracteres y que no sea una contraseña común ni fácil de adivinar (una frase de varias palabras sirve).',
  saxOpening: 'Esperando a SAX...',
  errorTitle: 'Error',
  authErrorTitle: 'Error de autenticación',
  signUpErrorTitle: 'Error de registro',
  signInFailed: 'No se pudo iniciar sesión',
  signUpFailed: 'No se pudo crear la cuenta',
  signOutFailed: 'No se pudo cerrar la sesión',
  saxSignInFailed: 'No se pudo iniciar sesión con SAX',
  saxLoginActive: 'Ya hay una sesión de login activa',
  saxNoIdToken: 'No se recibió idToken',
  saxPopupClosed: 'Se cerró la ventana de SAX antes de terminar.',
  signedIn: 'Sesión iniciada',
  signedInWithSax: 'Sesión iniciada con SAX',
  signedUp: 'Registro exitoso',
  signedUpBody: 'Tu cuenta fue creada. Ya puedes iniciar sesión.',
  signedOut: 'Sesión cerrada',
  rateLimited: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
  totpTitle: 'Verificación en dos pasos',
  totpIntro:
    'Tu cuenta tiene activada la verificación en dos pasos. Escribe el código de 6 dígitos de tu aplicación de autenticación.',
  totpCode: 'Código de verificación',
  totpInvalidFormat: 'El código tiene 6 dígitos',
  totpSubmit: 'Verificar',
  totpSubmitting: 'Verificando...',
  totpBack: 'Volver',
  /** «¿Olvidaste tu contraseña?»: asks for the email, then says the same for every address. */
  forgot: {
    link: '¿Olvidaste tu contraseña?',
    title: 'Recuperar contraseña',
    intro:
      'Escribe el correo de tu cuenta de Holgura y te enviaremos un enlace para elegir una nueva contraseña.',
    submit: 'Enviar enlace',
    submitting: 'Enviando...',
    sent: 'Si hay una cuenta de Holgura con ese correo, te enviamos un enlace para elegir una nueva contraseña. Revisa tu correo: el enlace vence en una hora.',
    failed: 'No se pudo enviar el enlace',
    back: 'Volver a iniciar sesión',
  },
  /** The page the mailed link opens (/restablecer-contrasena). */
  reset: {
    title: 'Restablecer contraseña',
    intro: 'Elige una nueva contraseña para tu cuenta de Holgura.',
    newPassword: 'Nueva contraseña',
    confirmPassword: 'Repite la nueva contraseña',
    mismatch: 'Las contraseñas no coinciden',
    submit: 'Guardar e iniciar sesión',
    submitting: 'Guardando...',
    done: 'Contraseña actualizada',
    doneSignedIn:
      'Iniciaste sesión con tu nueva contraseña; las demás sesiones de tu cuenta se cerraron.',
    doneSignIn: 'Ya puedes iniciar sesión con tu nueva contraseña.',
    twoFactorIntro:
      'Tu contraseña cambió. Para entrar, escribe el código de tu aplicación de autenticación.',
    failed: 'No se pudo cambiar la contraseña',
    invalidTitle: 'Este enlace ya no sirve',
    invalidBody:
      'El enlace para restablecer la contraseña ya se usó, venció (dura una hora) o llegó incompleto. Pide uno nuevo y ábrelo desde el último correo que recibas.',
    otherErrorBody: 'No se pudo abrir el enlace para restablecer la contraseña. Pide uno nuevo.',
    askAgain: 'Pedir un enlace nuevo',
    backHome: 'Volver al inicio',
  },
  /** The signed-in account's password change (user menu). */
  change: {
    title: 'Cambiar contraseña',
    description: 'Escribe tu contraseña actual y la nueva.',
    currentPassword: 'Contraseña actual',
    currentRequired: 'La contraseña actual es obligatoria',
    newPassword: 'Nueva contraseña',
    keepSessions: 'Mantener abiertas mis otras sesiones',
    keepSessionsHint:
      'Si no la marcas, se cierran las sesiones de tu cuenta en otros navegadores y equipos; esta sigue abierta.',
    submit: 'Cambiar contraseña',
    submitting: 'Cambiando...',
    cancel: 'Cancelar',
    done: 'Contraseña actualizada',
    doneOthersClosed: 'Se cerraron tus otras sesiones.',
    doneOthersKept: 'Tus otras sesiones siguen abiertas.',
    failed: 'No se pudo cambiar la contraseña',
  },
} as const;
