// The "Forgot your password?" e-mail in the language the person used on the site.
import type { LanguageCode } from '@boats/domain/schemas/common';
import type { OutgoingEmail } from '../mail/outbox';

const TEXTS: Record<LanguageCode, { subject: string; body: (link: string, minutes: number) => string }> = {
  en: {
    subject: 'Reset your password',
    body: (link, minutes) =>
      `Hello,\n\nSomeone (hopefully you) asked to reset the password of your back-office account.\n` +
      `Open this link within ${minutes} minutes to choose a new password. It works once.\n\n${link}\n\n` +
      `If you did not ask for this, ignore this e-mail: your password stays as it is.`,
  },
  es: {
    subject: 'Restablece tu contraseña',
    body: (link, minutes) =>
      `Hola:\n\nAlguien (esperamos que tú) ha pedido restablecer la contraseña de tu cuenta del panel de gestión.\n` +
      `Abre este enlace en los próximos ${minutes} minutos para elegir una contraseña nueva. Solo funciona una vez.\n\n${link}\n\n` +
      `Si no lo has pedido tú, ignora este correo: tu contraseña no cambia.`,
  },
  ru: {
    subject: 'Сброс пароля',
    body: (link, minutes) =>
      `Здравствуйте!\n\nКто-то (надеемся, вы) запросил сброс пароля вашей учётной записи в панели управления.\n` +
      `Откройте эту ссылку в течение ${minutes} минут, чтобы задать новый пароль. Ссылка работает один раз.\n\n${link}\n\n` +
      `Если вы не запрашивали сброс, просто проигнорируйте это письмо: пароль останется прежним.`,
  },
};

export function passwordResetEmail(input: {
  to: string;
  link: string;
  minutes: number;
  language: LanguageCode;
}): OutgoingEmail {
  const texts = TEXTS[input.language];
  return {
    kind: 'password_reset',
    to: input.to,
    subject: texts.subject,
    text: texts.body(input.link, input.minutes),
  };
}
