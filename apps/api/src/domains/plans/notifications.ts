import type { MessageCatalogue, NotificationKindDefinition } from '../../modules/domain-module.js';

/*
 * Notification kinds of quarterly plans (issue 11) and their texts. Who hears what: announcements.ts.
 * - plan_published: the customer's users (routed by the customer's settings): a plan was published
 *   or a revision of it.
 * - plan_customer_activity: the account manager: a customer user acknowledged or commented.
 * - plan_occurrence_overdue: the account manager: a visit is still open 7 days after its date.
 */

export const planNotificationKinds: readonly NotificationKindDefinition[] = [
  {
    kind: 'plan_published',
    audience: 'customer',
    label: {
      en: { title: '90-day plans', text: 'A new quarterly plan for your property is published, or a plan is revised.' },
      zh: { title: '90 天计划', text: '您物业的新季度计划发布或计划修订时。' },
      es: { title: 'Planes de 90 días', text: 'Se publica un nuevo plan trimestral de su propiedad o se revisa un plan.' },
      ja: { title: '90日計画', text: '物件の新しい四半期計画が公開されたとき、または計画が改訂されたとき。' },
      de: { title: '90-Tage-Pläne', text: 'Ein neuer Quartalsplan für Ihr Objekt wird veröffentlicht oder ein Plan überarbeitet.' },
      fr: { title: 'Plans sur 90 jours', text: 'Un nouveau plan trimestriel de votre site est publié, ou un plan est révisé.' },
    },
    customerRouting: {
      // Residents and tenants hear about the plan when the customer turns it on for them.
      defaultRoles: ['Property Manager', 'Board Member', 'Landscape Committee'],
      label: {
        en: 'New and revised 90-day plans',
        zh: '新的和修订的 90 天计划',
        es: 'Planes de 90 días nuevos y revisados',
        ja: '新規・改訂された90日計画',
        de: 'Neue und überarbeitete 90-Tage-Pläne',
        fr: 'Plans sur 90 jours nouveaux et révisés',
      },
    },
  },
  {
    kind: 'plan_customer_activity',
    audience: 'staff',
    label: {
      en: { title: 'Customer activity on plans', text: 'A customer acknowledges or comments on a plan of a customer you manage.' },
      zh: { title: '客户在计划上的动态', text: '您管理的客户确认计划或对计划发表评论。' },
      es: { title: 'Actividad del cliente en planes', text: 'Un cliente confirma o comenta un plan de un cliente que usted gestiona.' },
      ja: { title: '計画に対する顧客の動き', text: '担当顧客が計画を確認またはコメントしたとき。' },
      de: { title: 'Kundenaktivität bei Plänen', text: 'Ein Kunde, den Sie betreuen, bestätigt oder kommentiert einen Plan.' },
      fr: { title: 'Activité des clients sur les plans', text: 'Un client que vous gérez prend connaissance d’un plan ou le commente.' },
    },
  },
  {
    kind: 'plan_occurrence_overdue',
    audience: 'staff',
    label: {
      en: { title: 'Overdue plan visits', text: 'A planned visit of a customer you manage is still not recorded 7 days after its date.' },
      zh: { title: '逾期的计划服务', text: '您管理的客户的计划服务在日期过后 7 天仍未记录。' },
      es: { title: 'Visitas del plan atrasadas', text: 'Una visita prevista de un cliente que usted gestiona sigue sin registrarse 7 días después.' },
      ja: { title: '期限超過の計画作業', text: '担当顧客の予定作業が、予定日から7日たっても記録されていないとき。' },
      de: { title: 'Überfällige Planeinsätze', text: 'Ein geplanter Einsatz bei einem Kunden, den Sie betreuen, ist 7 Tage nach dem Termin noch nicht erfasst.' },
      fr: { title: 'Passages du plan en retard', text: 'Un passage prévu chez un client que vous gérez n’est toujours pas enregistré 7 jours après sa date.' },
    },
  },
];

export const planMessages = {
  'plan.published': {
    en: { title: 'New 90-day plan for {{customer}}', text: '{{actor}} published “{{plan}}” ({{start}} – {{end}}): what the crew will do and when.' },
    zh: { title: '{{customer}} 的新 90 天计划', text: '{{actor}} 发布了“{{plan}}”（{{start}} – {{end}}）：工作人员将做什么以及何时做。' },
    es: { title: 'Nuevo plan de 90 días para {{customer}}', text: '{{actor}} publicó «{{plan}}» ({{start}} – {{end}}): qué hará la cuadrilla y cuándo.' },
    ja: { title: '{{customer}} の新しい90日計画', text: '{{actor}} さんが「{{plan}}」（{{start}} – {{end}}）を公開しました：クルーが何をいつ行うか。' },
    de: { title: 'Neuer 90-Tage-Plan für {{customer}}', text: '{{actor}} hat „{{plan}}“ ({{start}} – {{end}}) veröffentlicht: was das Team wann erledigt.' },
    fr: { title: 'Nouveau plan sur 90 jours pour {{customer}}', text: '{{actor}} a publié « {{plan}} » ({{start}} – {{end}}) : ce que l’équipe fera et quand.' },
  },
  'plan.revised': {
    en: { title: 'Plan updated: {{plan}}', text: '{{actor}} published version {{version}} of “{{plan}}” for {{customer}}. Open it to see what changed.' },
    zh: { title: '计划已更新：{{plan}}', text: '{{actor}} 为 {{customer}} 发布了“{{plan}}”的第 {{version}} 版。打开查看更改内容。' },
    es: { title: 'Plan actualizado: {{plan}}', text: '{{actor}} publicó la versión {{version}} de «{{plan}}» para {{customer}}. Ábralo para ver qué cambió.' },
    ja: { title: '計画が更新されました：{{plan}}', text: '{{actor}} さんが {{customer}} の「{{plan}}」バージョン {{version}} を公開しました。変更内容を確認してください。' },
    de: { title: 'Plan aktualisiert: {{plan}}', text: '{{actor}} hat Version {{version}} von „{{plan}}“ für {{customer}} veröffentlicht. Öffnen Sie ihn, um die Änderungen zu sehen.' },
    fr: { title: 'Plan mis à jour : {{plan}}', text: '{{actor}} a publié la version {{version}} de « {{plan}} » pour {{customer}}. Ouvrez-le pour voir ce qui a changé.' },
  },
  'plan.acknowledged': {
    en: { title: '{{customer}} acknowledged {{plan}}', text: '{{actor}} acknowledged version {{version}} of “{{plan}}”.' },
    zh: { title: '{{customer}} 已确认 {{plan}}', text: '{{actor}} 确认了“{{plan}}”的第 {{version}} 版。' },
    es: { title: '{{customer}} confirmó {{plan}}', text: '{{actor}} confirmó la versión {{version}} de «{{plan}}».' },
    ja: { title: '{{customer}} が {{plan}} を確認しました', text: '{{actor}} さんが「{{plan}}」バージョン {{version}} を確認しました。' },
    de: { title: '{{customer}} hat {{plan}} bestätigt', text: '{{actor}} hat Version {{version}} von „{{plan}}“ bestätigt.' },
    fr: { title: '{{customer}} a pris connaissance de {{plan}}', text: '{{actor}} a pris connaissance de la version {{version}} de « {{plan}} ».' },
  },
  'plan.comment': {
    en: { title: 'New comment on {{plan}}', text: '{{actor}} ({{customer}}) wrote: {{excerpt}}' },
    zh: { title: '{{plan}} 有新评论', text: '{{actor}}（{{customer}}）写道：{{excerpt}}' },
    es: { title: 'Nuevo comentario en {{plan}}', text: '{{actor}} ({{customer}}) escribió: {{excerpt}}' },
    ja: { title: '{{plan}} に新しいコメント', text: '{{actor}} さん（{{customer}}）のコメント：{{excerpt}}' },
    de: { title: 'Neuer Kommentar zu {{plan}}', text: '{{actor}} ({{customer}}) schrieb: {{excerpt}}' },
    fr: { title: 'Nouveau commentaire sur {{plan}}', text: '{{actor}} ({{customer}}) a écrit : {{excerpt}}' },
  },
  'plan.overdue': {
    en: { title: 'Overdue visit: {{service}}', text: '“{{service}}” of “{{plan}}” ({{customer}}) was due on {{date}} and is not recorded yet.' },
    zh: { title: '逾期服务：{{service}}', text: '“{{plan}}”（{{customer}}）中的“{{service}}”应于 {{date}} 完成，但尚未记录。' },
    es: { title: 'Visita atrasada: {{service}}', text: '«{{service}}» de «{{plan}}» ({{customer}}) vencía el {{date}} y aún no está registrada.' },
    ja: { title: '期限超過の作業：{{service}}', text: '「{{plan}}」（{{customer}}）の「{{service}}」は {{date}} が期限でしたが、まだ記録されていません。' },
    de: { title: 'Überfälliger Einsatz: {{service}}', text: '„{{service}}“ aus „{{plan}}“ ({{customer}}) war am {{date}} fällig und ist noch nicht erfasst.' },
    fr: { title: 'Passage en retard : {{service}}', text: '« {{service}} » de « {{plan}} » ({{customer}}) était prévu le {{date}} et n’est pas encore enregistré.' },
  },
} satisfies Record<string, MessageCatalogue>;
