import type { Language } from '@grove/shared';
import { renderEmail, type RenderedEmail } from '../../mail/layout.js';

/*
 * Portal-access emails in the six interface languages, in the recipient's language (for a new
 * account: the inviter's, the best guess until the person chooses their own).
 */

interface Copy {
  greeting: (name: string) => string;
  invite: { subject: (customer: string) => string; intro: (inviter: string, customer: string) => string; action: string; expires: (days: number) => string };
  added: { subject: (customer: string) => string; intro: (inviter: string, customer: string) => string; action: string };
  /** A customer-side manager asked an existing account to join: the person decides after signing in. */
  request: { subject: (customer: string) => string; intro: (inviter: string, customer: string) => string; action: string };
  approved: { subject: (customer: string) => string; intro: (customer: string) => string; action: string };
  existing: { subject: (customer: string) => string; intro: (customer: string) => string; next: string; action: string };
  ignore: string;
}

const COPY: Record<Language, Copy> = {
  en: {
    greeting: (name) => `Hello ${name},`,
    invite: {
      subject: (c) => `You are invited to the Grove portal of ${c}`,
      intro: (i, c) => `${i} invited you to the Grove customer portal of ${c}, where you can follow service requests, plans and reports.`,
      action: 'Set your password',
      expires: (d) => `This link works once and expires in ${d} days. Ask for a new invitation if it has expired.`,
    },
    added: { subject: (c) => `You now have access to ${c} in Grove`, intro: (i, c) => `${i} added you to ${c} in the Grove customer portal. Sign in with your existing password.`, action: 'Sign in' },
    request: { subject: (c) => `${c} asks you to join them in Grove`, intro: (i, c) => `${i} would like to add you to ${c} in the Grove customer portal. Sign in with your existing password to accept or decline; nothing changes until you do.`, action: 'Sign in to answer' },
    approved: { subject: (c) => `Your registration for ${c} is approved`, intro: (c) => `Your registration for ${c} has been approved. You can now sign in to Grove.`, action: 'Sign in' },
    existing: {
      subject: (c) => `A registration for ${c} used your email`,
      intro: (c) => `Someone registered for ${c} in Grove with this email address, which already has an account. No new account was created.`,
      next: 'If it was you, sign in with your existing password (or reset it), and ask your property manager to add you to this property.',
      action: 'Sign in',
    },
    ignore: 'If you did not expect this email, you can ignore it.',
  },
  zh: {
    greeting: (name) => `${name}，您好：`,
    invite: {
      subject: (c) => `您受邀加入 ${c} 的 Grove 门户`,
      intro: (i, c) => `${i} 邀请您加入 ${c} 的 Grove 客户门户，您可以在其中跟进服务请求、计划和报告。`,
      action: '设置密码',
      expires: (d) => `此链接只能使用一次，并将在 ${d} 天后失效。如已失效，请索取新的邀请。`,
    },
    added: { subject: (c) => `您现在可以在 Grove 中访问 ${c}`, intro: (i, c) => `${i} 已将您添加到 Grove 客户门户中的 ${c}。请使用您现有的密码登录。`, action: '登录' },
    request: { subject: (c) => `${c} 邀请您在 Grove 中加入`, intro: (i, c) => `${i} 希望将您添加到 Grove 客户门户中的 ${c}。请使用现有密码登录以接受或拒绝；在您答复之前不会有任何更改。`, action: '登录并答复' },
    approved: { subject: (c) => `您在 ${c} 的注册已获批准`, intro: (c) => `您在 ${c} 的注册已获批准。现在可以登录 Grove 了。`, action: '登录' },
    existing: {
      subject: (c) => `有人使用您的邮箱注册了 ${c}`,
      intro: (c) => `有人使用此邮箱地址在 Grove 中注册了 ${c}，但该邮箱已有账户，因此未创建新账户。`,
      next: '如果是您本人，请使用现有密码登录（或重置密码），并请物业经理将您添加到该物业。',
      action: '登录',
    },
    ignore: '如果您没有预期收到此邮件，可以忽略它。',
  },
  es: {
    greeting: (name) => `Hola, ${name}:`,
    invite: {
      subject: (c) => `Le invitan al portal de Grove de ${c}`,
      intro: (i, c) => `${i} le invitó al portal de clientes de Grove de ${c}, donde puede seguir solicitudes de servicio, planes e informes.`,
      action: 'Establecer su contraseña',
      expires: (d) => `Este enlace solo funciona una vez y caduca en ${d} días. Pida una nueva invitación si ha caducado.`,
    },
    added: { subject: (c) => `Ahora tiene acceso a ${c} en Grove`, intro: (i, c) => `${i} le agregó a ${c} en el portal de clientes de Grove. Inicie sesión con su contraseña actual.`, action: 'Iniciar sesión' },
    request: { subject: (c) => `${c} le pide que se una en Grove`, intro: (i, c) => `${i} desea agregarle a ${c} en el portal de clientes de Grove. Inicie sesión con su contraseña actual para aceptar o rechazar; nada cambia hasta que responda.`, action: 'Iniciar sesión para responder' },
    approved: { subject: (c) => `Su registro en ${c} ha sido aprobado`, intro: (c) => `Su registro en ${c} ha sido aprobado. Ya puede iniciar sesión en Grove.`, action: 'Iniciar sesión' },
    existing: {
      subject: (c) => `Un registro en ${c} usó su correo`,
      intro: (c) => `Alguien se registró en ${c} en Grove con esta dirección de correo, que ya tiene una cuenta. No se creó ninguna cuenta nueva.`,
      next: 'Si fue usted, inicie sesión con su contraseña actual (o restablézcala) y pida a su administrador de la propiedad que le agregue.',
      action: 'Iniciar sesión',
    },
    ignore: 'Si no esperaba este correo, puede ignorarlo.',
  },
  ja: {
    greeting: (name) => `${name} 様`,
    invite: {
      subject: (c) => `${c} の Grove ポータルへの招待`,
      intro: (i, c) => `${i} さんから ${c} の Grove カスタマーポータルに招待されました。サービスリクエスト、計画、レポートを確認できます。`,
      action: 'パスワードを設定する',
      expires: (d) => `このリンクは一度だけ使用でき、${d} 日後に無効になります。期限切れの場合は新しい招待を依頼してください。`,
    },
    added: { subject: (c) => `Grove で ${c} にアクセスできるようになりました`, intro: (i, c) => `${i} さんが Grove カスタマーポータルの ${c} にあなたを追加しました。既存のパスワードでサインインしてください。`, action: 'サインイン' },
    request: { subject: (c) => `${c} から Grove への参加リクエストが届いています`, intro: (i, c) => `${i} さんが Grove カスタマーポータルの ${c} にあなたを追加したいと考えています。既存のパスワードでサインインして承認または辞退してください。回答するまで何も変更されません。`, action: 'サインインして回答' },
    approved: { subject: (c) => `${c} への登録が承認されました`, intro: (c) => `${c} への登録が承認されました。Grove にサインインできます。`, action: 'サインイン' },
    existing: {
      subject: (c) => `${c} の登録にあなたのメールアドレスが使用されました`,
      intro: (c) => `Grove で ${c} への登録にこのメールアドレスが使用されましたが、すでにアカウントがあるため、新しいアカウントは作成されていません。`,
      next: 'ご本人の場合は、既存のパスワードでサインイン（またはパスワードを再設定）し、物件の管理者にこの物件への追加を依頼してください。',
      action: 'サインイン',
    },
    ignore: 'お心当たりがない場合は、このメールを無視してください。',
  },
  de: {
    greeting: (name) => `Hallo ${name},`,
    invite: {
      subject: (c) => `Einladung zum Grove-Portal von ${c}`,
      intro: (i, c) => `${i} hat Sie zum Grove-Kundenportal von ${c} eingeladen. Dort verfolgen Sie Serviceanfragen, Pläne und Berichte.`,
      action: 'Passwort festlegen',
      expires: (d) => `Dieser Link funktioniert nur einmal und läuft in ${d} Tagen ab. Bitten Sie um eine neue Einladung, falls er abgelaufen ist.`,
    },
    added: { subject: (c) => `Sie haben jetzt Zugriff auf ${c} in Grove`, intro: (i, c) => `${i} hat Sie im Grove-Kundenportal zu ${c} hinzugefügt. Melden Sie sich mit Ihrem bisherigen Passwort an.`, action: 'Anmelden' },
    request: { subject: (c) => `${c} lädt Sie in Grove ein`, intro: (i, c) => `${i} möchte Sie im Grove-Kundenportal zu ${c} hinzufügen. Melden Sie sich mit Ihrem bisherigen Passwort an, um anzunehmen oder abzulehnen; bis dahin ändert sich nichts.`, action: 'Anmelden und antworten' },
    approved: { subject: (c) => `Ihre Registrierung für ${c} wurde freigegeben`, intro: (c) => `Ihre Registrierung für ${c} wurde freigegeben. Sie können sich jetzt bei Grove anmelden.`, action: 'Anmelden' },
    existing: {
      subject: (c) => `Eine Registrierung für ${c} hat Ihre E-Mail-Adresse verwendet`,
      intro: (c) => `Jemand hat sich in Grove mit dieser E-Mail-Adresse für ${c} registriert. Zu dieser Adresse gibt es bereits ein Konto; es wurde kein neues angelegt.`,
      next: 'Wenn Sie das waren, melden Sie sich mit Ihrem bisherigen Passwort an (oder setzen Sie es zurück) und bitten Sie Ihre Hausverwaltung, Sie hinzuzufügen.',
      action: 'Anmelden',
    },
    ignore: 'Wenn Sie diese E-Mail nicht erwartet haben, können Sie sie ignorieren.',
  },
  fr: {
    greeting: (name) => `Bonjour ${name},`,
    invite: {
      subject: (c) => `Vous êtes invité(e) au portail Grove de ${c}`,
      intro: (i, c) => `${i} vous a invité(e) au portail client Grove de ${c}, où vous suivez les demandes de service, les plans et les rapports.`,
      action: 'Définir votre mot de passe',
      expires: (d) => `Ce lien ne fonctionne qu’une fois et expire dans ${d} jours. Demandez une nouvelle invitation s’il a expiré.`,
    },
    added: { subject: (c) => `Vous avez désormais accès à ${c} dans Grove`, intro: (i, c) => `${i} vous a ajouté(e) à ${c} dans le portail client Grove. Connectez-vous avec votre mot de passe actuel.`, action: 'Se connecter' },
    request: { subject: (c) => `${c} vous invite à le rejoindre dans Grove`, intro: (i, c) => `${i} souhaite vous ajouter à ${c} dans le portail client Grove. Connectez-vous avec votre mot de passe actuel pour accepter ou refuser ; rien ne change avant votre réponse.`, action: 'Se connecter pour répondre' },
    approved: { subject: (c) => `Votre inscription pour ${c} est approuvée`, intro: (c) => `Votre inscription pour ${c} a été approuvée. Vous pouvez maintenant vous connecter à Grove.`, action: 'Se connecter' },
    existing: {
      subject: (c) => `Une inscription pour ${c} a utilisé votre adresse e-mail`,
      intro: (c) => `Quelqu’un s’est inscrit pour ${c} dans Grove avec cette adresse e-mail, qui a déjà un compte. Aucun nouveau compte n’a été créé.`,
      next: 'Si c’était vous, connectez-vous avec votre mot de passe actuel (ou réinitialisez-le) et demandez à votre gestionnaire de vous ajouter à cette propriété.',
      action: 'Se connecter',
    },
    ignore: 'Si vous n’attendiez pas cet e-mail, vous pouvez l’ignorer.',
  },
};

export function portalInvitationEmail(lang: Language, v: { name: string; customer: string; inviter: string; link: string; days: number }): RenderedEmail {
  const c = COPY[lang];
  return renderEmail({
    lang,
    subject: c.invite.subject(v.customer),
    greeting: c.greeting(v.name),
    paragraphs: [c.invite.intro(v.inviter, v.customer)],
    action: { label: c.invite.action, url: v.link },
    footer: [c.invite.expires(v.days), c.ignore],
  });
}

export function addedToCustomerEmail(lang: Language, v: { name: string; customer: string; inviter: string; link: string }): RenderedEmail {
  const c = COPY[lang];
  return renderEmail({ lang, subject: c.added.subject(v.customer), greeting: c.greeting(v.name), paragraphs: [c.added.intro(v.inviter, v.customer)], action: { label: c.added.action, url: v.link } });
}

export function joinRequestEmail(lang: Language, v: { name: string; customer: string; inviter: string; link: string }): RenderedEmail {
  const c = COPY[lang];
  return renderEmail({ lang, subject: c.request.subject(v.customer), greeting: c.greeting(v.name), paragraphs: [c.request.intro(v.inviter, v.customer)], action: { label: c.request.action, url: v.link }, footer: [c.ignore] });
}

export function registrationApprovedEmail(lang: Language, v: { name: string; customer: string; link: string }): RenderedEmail {
  const c = COPY[lang];
  return renderEmail({ lang, subject: c.approved.subject(v.customer), greeting: c.greeting(v.name), paragraphs: [c.approved.intro(v.customer)], action: { label: c.approved.action, url: v.link } });
}

export function registrationExistingAccountEmail(lang: Language, v: { name: string; customer: string; link: string }): RenderedEmail {
  const c = COPY[lang];
  return renderEmail({
    lang,
    subject: c.existing.subject(v.customer),
    greeting: c.greeting(v.name),
    paragraphs: [c.existing.intro(v.customer), c.existing.next],
    action: { label: c.existing.action, url: v.link },
    footer: [c.ignore],
  });
}
