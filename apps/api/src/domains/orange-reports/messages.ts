import type { CustomerRole, Language } from '@grove/shared';

/*
 * Orange-report notification texts and kinds (issue 10). Kept free of imports from the app so the
 * notification centre can read them without an import cycle.
 */

type Copy = Record<Language, { title: string; text: string }>;

export const ORANGE_REPORT_MESSAGES = {
  'orangeReport.submitted': {
    en: { title: 'Orange report {{number}} waits for your review', text: '{{actor}} submitted “{{title}}” for {{customer}}.' },
    zh: { title: '橙色报告 {{number}} 等待您审核', text: '{{actor}} 为 {{customer}} 提交了“{{title}}”。' },
    es: { title: 'El informe naranja {{number}} espera su revisión', text: '{{actor}} envió «{{title}}» para {{customer}}.' },
    ja: { title: 'オレンジレポート {{number}} があなたの確認を待っています', text: '{{actor}} さんが {{customer}} の「{{title}}」を提出しました。' },
    de: { title: 'Orange Report {{number}} wartet auf Ihre Prüfung', text: '{{actor}} hat „{{title}}“ für {{customer}} eingereicht.' },
    fr: { title: 'Le rapport orange {{number}} attend votre relecture', text: '{{actor}} a soumis « {{title}} » pour {{customer}}.' },
  },
  'orangeReport.returned': {
    en: { title: 'Orange report {{number}} was returned to you', text: '{{actor}}: {{excerpt}}' },
    zh: { title: '橙色报告 {{number}} 已退回给您', text: '{{actor}}：{{excerpt}}' },
    es: { title: 'Se le devolvió el informe naranja {{number}}', text: '{{actor}}: {{excerpt}}' },
    ja: { title: 'オレンジレポート {{number}} が差し戻されました', text: '{{actor}}：{{excerpt}}' },
    de: { title: 'Orange Report {{number}} wurde an Sie zurückgegeben', text: '{{actor}}: {{excerpt}}' },
    fr: { title: 'Le rapport orange {{number}} vous a été renvoyé', text: '{{actor}} : {{excerpt}}' },
  },
  'orangeReport.approvedAuthor': {
    en: { title: 'Orange report {{number}} was approved', text: '{{actor}} approved “{{title}}”; {{customer}} can see it now.' },
    zh: { title: '橙色报告 {{number}} 已获批准', text: '{{actor}} 批准了“{{title}}”；{{customer}} 现在可以看到它。' },
    es: { title: 'Se aprobó el informe naranja {{number}}', text: '{{actor}} aprobó «{{title}}»; {{customer}} ya puede verlo.' },
    ja: { title: 'オレンジレポート {{number}} が承認されました', text: '{{actor}} さんが「{{title}}」を承認しました。{{customer}} が閲覧できるようになりました。' },
    de: { title: 'Orange Report {{number}} wurde freigegeben', text: '{{actor}} hat „{{title}}“ freigegeben; {{customer}} kann ihn jetzt sehen.' },
    fr: { title: 'Le rapport orange {{number}} a été approuvé', text: '{{actor}} a approuvé « {{title}} » ; {{customer}} peut maintenant le voir.' },
  },
  'orangeReport.published': {
    en: { title: 'New orange report {{number}} for {{customer}}', text: 'Our crew found something that needs your attention: “{{title}}”.' },
    zh: { title: '{{customer}} 的新橙色报告 {{number}}', text: '我们的班组发现了需要您关注的问题：“{{title}}”。' },
    es: { title: 'Nuevo informe naranja {{number}} para {{customer}}', text: 'Nuestra cuadrilla encontró algo que requiere su atención: «{{title}}».' },
    ja: { title: '{{customer}} の新しいオレンジレポート {{number}}', text: '作業班がご確認いただきたい点を見つけました：「{{title}}」。' },
    de: { title: 'Neuer Orange Report {{number}} für {{customer}}', text: 'Unser Team hat etwas gefunden, das Ihre Aufmerksamkeit braucht: „{{title}}“.' },
    fr: { title: 'Nouveau rapport orange {{number}} pour {{customer}}', text: 'Notre équipe a constaté un point qui demande votre attention : « {{title}} ».' },
  },
  'orangeReport.resolved': {
    en: { title: 'Orange report {{number}} is resolved', text: 'The work on “{{title}}” ({{customer}}) is done.' },
    zh: { title: '橙色报告 {{number}} 已解决', text: '“{{title}}”（{{customer}}）的工作已完成。' },
    es: { title: 'El informe naranja {{number}} está resuelto', text: 'El trabajo de «{{title}}» ({{customer}}) está hecho.' },
    ja: { title: 'オレンジレポート {{number}} は対応済みです', text: '「{{title}}」（{{customer}}）の作業が完了しました。' },
    de: { title: 'Orange Report {{number}} ist erledigt', text: 'Die Arbeit zu „{{title}}“ ({{customer}}) ist abgeschlossen.' },
    fr: { title: 'Le rapport orange {{number}} est résolu', text: 'Les travaux pour « {{title}} » ({{customer}}) sont terminés.' },
  },
  'orangeReport.acknowledged': {
    en: { title: '{{customer}} acknowledged orange report {{number}}', text: '{{actor}} has seen “{{title}}”.' },
    zh: { title: '{{customer}} 已确认橙色报告 {{number}}', text: '{{actor}} 已查看“{{title}}”。' },
    es: { title: '{{customer}} confirmó el informe naranja {{number}}', text: '{{actor}} ha visto «{{title}}».' },
    ja: { title: '{{customer}} がオレンジレポート {{number}} を確認しました', text: '{{actor}} さんが「{{title}}」を確認しました。' },
    de: { title: '{{customer}} hat Orange Report {{number}} bestätigt', text: '{{actor}} hat „{{title}}“ gesehen.' },
    fr: { title: '{{customer}} a pris connaissance du rapport orange {{number}}', text: '{{actor}} a vu « {{title}} ».' },
  },
  'orangeReport.proposalRequested': {
    en: { title: '{{customer}} asks for a proposal: {{number}}', text: '{{actor}} would like a proposal for “{{title}}”.' },
    zh: { title: '{{customer}} 请求提案：{{number}}', text: '{{actor}} 希望获得“{{title}}”的提案。' },
    es: { title: '{{customer}} solicita una propuesta: {{number}}', text: '{{actor}} desea una propuesta para «{{title}}».' },
    ja: { title: '{{customer}} が提案を依頼しました：{{number}}', text: '{{actor}} さんが「{{title}}」の提案を希望しています。' },
    de: { title: '{{customer}} bittet um ein Angebot: {{number}}', text: '{{actor}} möchte ein Angebot für „{{title}}“.' },
    fr: { title: '{{customer}} demande une proposition : {{number}}', text: '{{actor}} souhaite une proposition pour « {{title}} ».' },
  },
  'orangeReport.declined': {
    en: { title: '{{customer}} declined orange report {{number}}', text: '{{actor}}: {{excerpt}}' },
    zh: { title: '{{customer}} 拒绝了橙色报告 {{number}}', text: '{{actor}}：{{excerpt}}' },
    es: { title: '{{customer}} rechazó el informe naranja {{number}}', text: '{{actor}}: {{excerpt}}' },
    ja: { title: '{{customer}} がオレンジレポート {{number}} を辞退しました', text: '{{actor}}：{{excerpt}}' },
    de: { title: '{{customer}} hat Orange Report {{number}} abgelehnt', text: '{{actor}}: {{excerpt}}' },
    fr: { title: '{{customer}} a décliné le rapport orange {{number}}', text: '{{actor}} : {{excerpt}}' },
  },
  'orangeReport.comment': {
    en: { title: 'New comment on orange report {{number}}', text: '{{actor}} wrote: {{excerpt}}' },
    zh: { title: '橙色报告 {{number}} 有新评论', text: '{{actor}} 写道：{{excerpt}}' },
    es: { title: 'Nuevo comentario en el informe naranja {{number}}', text: '{{actor}} escribió: {{excerpt}}' },
    ja: { title: 'オレンジレポート {{number}} に新しいコメント', text: '{{actor}} さんのコメント：{{excerpt}}' },
    de: { title: 'Neuer Kommentar zu Orange Report {{number}}', text: '{{actor}} schrieb: {{excerpt}}' },
    fr: { title: 'Nouveau commentaire sur le rapport orange {{number}}', text: '{{actor}} a écrit : {{excerpt}}' },
  },
} as const satisfies Record<string, Copy>;

export type OrangeReportMessageKey = keyof typeof ORANGE_REPORT_MESSAGES;

/** The kinds, as the module manifest will list them (settings labels, defaults, customer routing). */
export const ORANGE_REPORT_KINDS = {
  submitted: 'orange_report_submitted',
  reviewed: 'orange_report_reviewed',
  published: 'orange_report_published',
  customerResponse: 'orange_report_customer_response',
} as const;

/** Customer-side roles that receive published reports until the customer's settings say otherwise. */
export const PUBLISHED_DEFAULT_ROLES: readonly CustomerRole[] = ['Property Manager', 'Board Member', 'Landscape Committee'];

/** The kinds with their settings labels and customer routing (module manifest). */
export const orangeReportNotificationKinds = [
  {
    kind: ORANGE_REPORT_KINDS.submitted,
    audience: 'staff',
    label: {
      en: { title: 'Orange reports to review', text: 'A crew submitted a report for a customer you review.' },
      zh: { title: '待审核的橙色报告', text: '班组为您审核的客户提交了报告。' },
      es: { title: 'Informes naranja por revisar', text: 'Una cuadrilla envió un informe de un cliente que usted revisa.' },
      ja: { title: '確認待ちのオレンジレポート', text: 'あなたが確認する顧客について、作業班がレポートを提出しました。' },
      de: { title: 'Zu prüfende Orange Reports', text: 'Ein Team hat einen Bericht für einen Kunden eingereicht, den Sie prüfen.' },
      fr: { title: 'Rapports orange à relire', text: 'Une équipe a soumis un rapport pour un client que vous relisez.' },
    },
  },
  {
    kind: ORANGE_REPORT_KINDS.reviewed,
    audience: 'staff',
    label: {
      en: { title: 'My orange reports', text: 'A reviewer returned or approved a report you wrote.' },
      zh: { title: '我的橙色报告', text: '审核人退回或批准了您撰写的报告。' },
      es: { title: 'Mis informes naranja', text: 'Un revisor devolvió o aprobó un informe que usted escribió.' },
      ja: { title: '自分のオレンジレポート', text: '確認者があなたのレポートを差し戻し、または承認しました。' },
      de: { title: 'Meine Orange Reports', text: 'Ein Prüfer hat einen Ihrer Berichte zurückgegeben oder freigegeben.' },
      fr: { title: 'Mes rapports orange', text: 'Un relecteur a renvoyé ou approuvé un rapport que vous avez rédigé.' },
    },
  },
  {
    kind: ORANGE_REPORT_KINDS.customerResponse,
    audience: 'staff',
    label: {
      en: { title: 'Customer responses to orange reports', text: 'A customer acknowledged, declined, commented on or asked for a proposal.' },
      zh: { title: '客户对橙色报告的回应', text: '客户确认、拒绝、评论了报告或请求了提案。' },
      es: { title: 'Respuestas de clientes a informes naranja', text: 'Un cliente confirmó, rechazó, comentó o pidió una propuesta.' },
      ja: { title: 'オレンジレポートへの顧客の反応', text: '顧客が確認、辞退、コメント、または提案を依頼しました。' },
      de: { title: 'Kundenreaktionen auf Orange Reports', text: 'Ein Kunde hat bestätigt, abgelehnt, kommentiert oder um ein Angebot gebeten.' },
      fr: { title: 'Réponses des clients aux rapports orange', text: 'Un client a pris connaissance, décliné, commenté ou demandé une proposition.' },
    },
  },
  {
    kind: ORANGE_REPORT_KINDS.published,
    audience: 'customer',
    label: {
      en: { title: 'Orange reports', text: 'Our crew found something on your property that needs your attention.' },
      zh: { title: '橙色报告', text: '我们的班组在您的物业上发现了需要您关注的问题。' },
      es: { title: 'Informes naranja', text: 'Nuestra cuadrilla encontró algo en su propiedad que requiere su atención.' },
      ja: { title: 'オレンジレポート', text: '作業班が物件でご確認いただきたい点を見つけました。' },
      de: { title: 'Orange Reports', text: 'Unser Team hat auf Ihrem Grundstück etwas gefunden, das Ihre Aufmerksamkeit braucht.' },
      fr: { title: 'Rapports orange', text: 'Notre équipe a constaté sur votre propriété un point qui demande votre attention.' },
    },
    customerRouting: {
      defaultRoles: PUBLISHED_DEFAULT_ROLES,
      label: {
        en: 'New orange reports (field findings)',
        zh: '新的橙色报告（现场发现）',
        es: 'Nuevos informes naranja (hallazgos en campo)',
        ja: '新しいオレンジレポート（現場での発見）',
        de: 'Neue Orange Reports (Befunde vor Ort)',
        fr: 'Nouveaux rapports orange (constats sur le terrain)',
      },
    },
  },
] as const;
