import type { Language } from '@grove/shared';
import { renderEmail, type RenderedEmail } from '../layout.js';

interface ResetCopy {
  subject: string;
  greeting: (name: string) => string;
  intro: string;
  action: string;
  expires: (minutes: number) => string;
  ignore: string;
}

/** The password-reset email in every interface language (spec §9). */
const COPY: Record<Language, ResetCopy> = {
  en: {
    subject: 'Reset your Grove password',
    greeting: (name) => `Hello ${name},`,
    intro: 'We received a request to reset the password of your Grove account.',
    action: 'Choose a new password',
    expires: (m) => `This link works once and expires in ${m} minutes.`,
    ignore: 'If you did not ask for this, you can ignore this email; your password stays the same.',
  },
  zh: {
    subject: '重置您的 Grove 密码',
    greeting: (name) => `${name}，您好：`,
    intro: '我们收到了重置您 Grove 账户密码的请求。',
    action: '设置新密码',
    expires: (m) => `此链接只能使用一次，并将在 ${m} 分钟后失效。`,
    ignore: '如果这不是您本人的请求，请忽略此邮件，您的密码不会改变。',
  },
  es: {
    subject: 'Restablezca su contraseña de Grove',
    greeting: (name) => `Hola, ${name}:`,
    intro: 'Hemos recibido una solicitud para restablecer la contraseña de su cuenta de Grove.',
    action: 'Elegir una nueva contraseña',
    expires: (m) => `Este enlace solo funciona una vez y caduca en ${m} minutos.`,
    ignore: 'Si no lo ha solicitado, puede ignorar este correo; su contraseña no cambiará.',
  },
  ja: {
    subject: 'Grove のパスワードの再設定',
    greeting: (name) => `${name} 様`,
    intro: 'Grove アカウントのパスワード再設定のリクエストを受け付けました。',
    action: '新しいパスワードを設定する',
    expires: (m) => `このリンクは一度だけ使用でき、${m} 分後に無効になります。`,
    ignore: 'お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。',
  },
  de: {
    subject: 'Setzen Sie Ihr Grove-Passwort zurück',
    greeting: (name) => `Hallo ${name},`,
    intro: 'Wir haben eine Anfrage erhalten, das Passwort Ihres Grove-Kontos zurückzusetzen.',
    action: 'Neues Passwort festlegen',
    expires: (m) => `Dieser Link funktioniert nur einmal und läuft in ${m} Minuten ab.`,
    ignore: 'Wenn Sie dies nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe Grove',
    greeting: (name) => `Bonjour ${name},`,
    intro: 'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Grove.',
    action: 'Choisir un nouveau mot de passe',
    expires: (m) => `Ce lien ne fonctionne qu’une fois et expire dans ${m} minutes.`,
    ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail ; votre mot de passe reste inchangé.',
  },
};

export function passwordResetEmail(language: Language, input: { name: string; link: string; minutes: number }): RenderedEmail {
  const copy = COPY[language];
  return renderEmail({
    lang: language,
    subject: copy.subject,
    greeting: copy.greeting(input.name),
    paragraphs: [copy.intro],
    action: { label: copy.action, url: input.link },
    footer: [copy.expires(input.minutes), copy.ignore],
  });
}
