import type { MessageCatalogue, NotificationKindDefinition } from '../../modules/domain-module.js';

/** kudos_received: staff thanked by a customer (or whose crew was), and their branch managers. */
export const kudosNotificationKinds: readonly NotificationKindDefinition[] = [
  {
    kind: 'kudos_received',
    audience: 'staff',
    label: {
      en: { title: 'Kudos', text: 'A customer thanks you, your crew, or someone you manage.' },
      zh: { title: '表扬', text: '客户感谢您、您的团队或您管理的人员。' },
      es: { title: 'Reconocimientos', text: 'Un cliente le da las gracias a usted, a su equipo o a alguien a su cargo.' },
      ja: { title: '称賛', text: '顧客があなた、あなたのクルー、または部下に感謝したとき。' },
      de: { title: 'Lob', text: 'Ein Kunde bedankt sich bei Ihnen, Ihrer Crew oder jemandem aus Ihrem Team.' },
      fr: { title: 'Félicitations', text: 'Un client vous remercie, vous, votre équipe ou une personne que vous encadrez.' },
    },
  },
];

// {{category}} is localized; {{recipient}} is a name or "the whole crew".
export const kudosMessages = {
  'kudos.forYou': {
    en: { title: 'Kudos from {{customer}}: {{category}}', text: '{{sender}} thanked you: “{{excerpt}}”' },
    zh: { title: '来自 {{customer}} 的表扬：{{category}}', text: '{{sender}} 感谢了您：“{{excerpt}}”' },
    es: { title: 'Reconocimiento de {{customer}}: {{category}}', text: '{{sender}} le dio las gracias: «{{excerpt}}»' },
    ja: { title: '{{customer}} からの称賛：{{category}}', text: '{{sender}} さんからの感謝：「{{excerpt}}」' },
    de: { title: 'Lob von {{customer}}: {{category}}', text: '{{sender}} bedankt sich bei Ihnen: „{{excerpt}}“' },
    fr: { title: 'Félicitations de {{customer}} : {{category}}', text: '{{sender}} vous remercie : « {{excerpt}} »' },
  },
  'kudos.forCrew': {
    en: { title: 'Kudos for the crew from {{customer}}: {{category}}', text: '{{sender}} thanked {{recipient}}: “{{excerpt}}”' },
    zh: { title: '{{customer}} 表扬了团队：{{category}}', text: '{{sender}} 感谢了{{recipient}}：“{{excerpt}}”' },
    es: { title: 'Reconocimiento de {{customer}} para el equipo: {{category}}', text: '{{sender}} dio las gracias a {{recipient}}: «{{excerpt}}»' },
    ja: { title: '{{customer}} からクルーへの称賛：{{category}}', text: '{{sender}} さんから{{recipient}}への感謝：「{{excerpt}}」' },
    de: { title: 'Lob von {{customer}} für die Crew: {{category}}', text: '{{sender}} bedankt sich bei {{recipient}}: „{{excerpt}}“' },
    fr: { title: 'Félicitations de {{customer}} pour l’équipe : {{category}}', text: '{{sender}} remercie {{recipient}} : « {{excerpt}} »' },
  },
  'kudos.forColleague': {
    en: { title: 'Kudos for {{recipient}} from {{customer}}', text: '{{sender}} ({{category}}): “{{excerpt}}”' },
    zh: { title: '{{customer}} 表扬了 {{recipient}}', text: '{{sender}}（{{category}}）：“{{excerpt}}”' },
    es: { title: 'Reconocimiento de {{customer}} para {{recipient}}', text: '{{sender}} ({{category}}): «{{excerpt}}»' },
    ja: { title: '{{customer}} から {{recipient}} への称賛', text: '{{sender}} さん（{{category}}）：「{{excerpt}}」' },
    de: { title: 'Lob für {{recipient}} von {{customer}}', text: '{{sender}} ({{category}}): „{{excerpt}}“' },
    fr: { title: 'Félicitations pour {{recipient}} de {{customer}}', text: '{{sender}} ({{category}}) : « {{excerpt}} »' },
  },
} satisfies Record<string, MessageCatalogue>;
