import type { MessageCatalogue, NotificationKindDefinition } from '../../modules/domain-module.js';

/** A resident registered with the customer's code and waits for approval (issue 4). */
export const PENDING_KIND = 'portal_registration_pending';

export const registrationNotificationKinds: readonly NotificationKindDefinition[] = [
  {
    kind: PENDING_KIND,
    audience: 'customer',
    // Not in people's own settings: the customer's routing decides who gets it.
    userSetting: false,
    customerRouting: {
      defaultRoles: ['Property Manager'],
      label: {
        en: 'A resident registration waits for approval',
        zh: '有住户注册等待批准',
        es: 'Un registro de residente espera aprobación',
        ja: '住民登録が承認待ち',
        de: 'Eine Bewohnerregistrierung wartet auf Freigabe',
        fr: 'Une inscription de résident attend l’approbation',
      },
    },
    label: {
      en: { title: 'Resident registrations', text: 'A resident registered with the customer’s code and waits for approval.' },
      zh: { title: '住户注册', text: '有住户使用客户的注册码注册，正在等待批准。' },
      es: { title: 'Registros de residentes', text: 'Un residente se registró con el código del cliente y espera aprobación.' },
      ja: { title: '居住者の登録', text: '居住者が顧客のコードで登録し、承認を待っています。' },
      de: { title: 'Bewohnerregistrierungen', text: 'Ein Bewohner hat sich mit dem Code des Kunden registriert und wartet auf Freigabe.' },
      fr: { title: 'Inscriptions de résidents', text: 'Un résident s’est inscrit avec le code du client et attend l’approbation.' },
    },
  },
];

export const registrationMessages = {
  'portal.registrationPending': {
    en: { title: 'New resident registration for {{customer}}', text: '{{name}} ({{unit}}) registered and waits for your approval in portal access.' },
    zh: { title: '{{customer}} 有新的住户注册', text: '{{name}}（{{unit}}）已注册，正在门户访问中等待您的批准。' },
    es: { title: 'Nuevo registro de residente en {{customer}}', text: '{{name}} ({{unit}}) se registró y espera su aprobación en el acceso al portal.' },
    ja: { title: '{{customer}} に新しい居住者登録', text: '{{name}} さん（{{unit}}）が登録し、ポータルアクセスで承認を待っています。' },
    de: { title: 'Neue Bewohnerregistrierung für {{customer}}', text: '{{name}} ({{unit}}) hat sich registriert und wartet im Portalzugang auf Ihre Freigabe.' },
    fr: { title: 'Nouvelle inscription de résident pour {{customer}}', text: '{{name}} ({{unit}}) s’est inscrit(e) et attend votre approbation dans l’accès au portail.' },
  },
} satisfies Record<string, MessageCatalogue>;
