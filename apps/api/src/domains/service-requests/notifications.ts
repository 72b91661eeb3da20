import { CUSTOMER_ROLES } from '@grove/shared';
import type { MessageCatalogue, NotificationKindDefinition } from '../../modules/domain-module.js';

/*
 * Notification kinds of service requests (issue 5) and their texts. Who hears what: announcements.ts.
 * - service_request_created: staff on the customer's team (and its account manager): a new request.
 * - service_request_assigned: staff: a request was assigned to you.
 * - service_request_customer_activity: the assignee (the account manager while unassigned): a
 *   customer user commented on, confirmed closed, reopened or cancelled a request.
 * - service_request_update: the requester: status changes and visible comments on your request.
 * - service_request_property_update: the other users of the customer: status changes and visible
 *   comments on any request of the property. Off by default except for Property Managers.
 * - service_request_new_at_property: the other users of the customer: somebody filed a new request at
 *   the property (issue 17 §3). On by default for Property Managers and Board Members.
 */

export const serviceRequestNotificationKinds: readonly NotificationKindDefinition[] = [
  {
    kind: 'service_request_created',
    audience: 'staff',
    label: {
      en: { title: 'New service requests', text: 'A customer of your team submits a request.' },
      zh: { title: '新的服务请求', text: '您团队的客户提交了请求。' },
      es: { title: 'Nuevas solicitudes de servicio', text: 'Un cliente de su equipo envía una solicitud.' },
      ja: { title: '新しいサービス依頼', text: 'チームの顧客が依頼を送信したとき。' },
      de: { title: 'Neue Serviceanfragen', text: 'Ein Kunde Ihres Teams stellt eine Anfrage.' },
      fr: { title: 'Nouvelles demandes d’intervention', text: 'Un client de votre équipe envoie une demande.' },
    },
  },
  {
    kind: 'service_request_assigned',
    audience: 'staff',
    label: {
      en: { title: 'Requests assigned to you', text: 'A request is assigned to you.' },
      zh: { title: '分配给您的请求', text: '有请求分配给您。' },
      es: { title: 'Solicitudes asignadas a usted', text: 'Se le asigna una solicitud.' },
      ja: { title: '自分に割り当てられた依頼', text: '依頼が自分に割り当てられたとき。' },
      de: { title: 'Ihnen zugewiesene Anfragen', text: 'Eine Anfrage wird Ihnen zugewiesen.' },
      fr: { title: 'Demandes qui vous sont attribuées', text: 'Une demande vous est attribuée.' },
    },
  },
  {
    kind: 'service_request_customer_activity',
    audience: 'staff',
    label: {
      en: { title: 'Customer activity on requests', text: 'A customer comments on, confirms, reopens or cancels a request you handle.' },
      zh: { title: '客户在请求上的动态', text: '客户对您处理的请求发表评论、确认、重新打开或取消。' },
      es: { title: 'Actividad del cliente en solicitudes', text: 'Un cliente comenta, confirma, reabre o cancela una solicitud que usted gestiona.' },
      ja: { title: '依頼に対する顧客の動き', text: '担当する依頼に顧客がコメント・確認・再開・キャンセルしたとき。' },
      de: { title: 'Kundenaktivität bei Anfragen', text: 'Ein Kunde kommentiert, bestätigt, öffnet erneut oder storniert eine Anfrage, die Sie bearbeiten.' },
      fr: { title: 'Activité des clients sur les demandes', text: 'Un client commente, confirme, rouvre ou annule une demande que vous traitez.' },
    },
  },
  {
    kind: 'service_request_update',
    audience: 'customer',
    label: {
      en: { title: 'My service requests', text: 'Status changes and replies on requests you submitted.' },
      zh: { title: '我的服务请求', text: '您提交的请求的状态变化和回复。' },
      es: { title: 'Mis solicitudes de servicio', text: 'Cambios de estado y respuestas en las solicitudes que ha enviado.' },
      ja: { title: '自分のサービス依頼', text: '自分が送信した依頼のステータス変更と返信。' },
      de: { title: 'Meine Serviceanfragen', text: 'Statusänderungen und Antworten zu Anfragen, die Sie gestellt haben.' },
      fr: { title: 'Mes demandes d’intervention', text: 'Changements de statut et réponses sur les demandes que vous avez envoyées.' },
    },
    customerRouting: {
      defaultRoles: CUSTOMER_ROLES,
      label: {
        en: 'Updates on their own service requests',
        zh: '本人服务请求的动态',
        es: 'Novedades de sus propias solicitudes de servicio',
        ja: '自分のサービス依頼の更新',
        de: 'Neuigkeiten zu den eigenen Serviceanfragen',
        fr: 'Suivi de leurs propres demandes d’intervention',
      },
    },
  },
  {
    kind: 'service_request_property_update',
    audience: 'customer',
    label: {
      en: { title: 'All requests of my properties', text: 'Status changes and replies on any request of your properties.' },
      zh: { title: '我的物业的所有请求', text: '您物业的任何请求的状态变化和回复。' },
      es: { title: 'Todas las solicitudes de mis propiedades', text: 'Cambios de estado y respuestas en cualquier solicitud de sus propiedades.' },
      ja: { title: '物件のすべての依頼', text: 'あなたの物件のすべての依頼のステータス変更と返信。' },
      de: { title: 'Alle Anfragen meiner Objekte', text: 'Statusänderungen und Antworten zu jeder Anfrage Ihrer Objekte.' },
      fr: { title: 'Toutes les demandes de mes sites', text: 'Changements de statut et réponses sur toute demande de vos sites.' },
    },
    // Updates about requests other people filed: only Property Managers get them unless they turn them on (issue 5).
    defaultChoice: (roles) => {
      const on = roles.includes('Property Manager');
      return { inApp: on, email: on };
    },
    customerRouting: {
      defaultRoles: CUSTOMER_ROLES,
      label: {
        en: 'Updates on any service request of the property',
        zh: '物业所有服务请求的动态',
        es: 'Novedades de cualquier solicitud de servicio de la propiedad',
        ja: '物件のすべてのサービス依頼の更新',
        de: 'Neuigkeiten zu allen Serviceanfragen des Objekts',
        fr: 'Suivi de toute demande d’intervention du site',
      },
    },
  },
  {
    kind: 'service_request_new_at_property',
    audience: 'customer',
    label: {
      en: { title: 'New requests at my properties', text: 'Someone files a new request at one of your properties.' },
      zh: { title: '我的物业的新请求', text: '有人为您的物业提交了新请求。' },
      es: { title: 'Nuevas solicitudes en mis propiedades', text: 'Alguien envía una nueva solicitud en una de sus propiedades.' },
      ja: { title: '物件の新しい依頼', text: 'あなたの物件で誰かが新しい依頼を送信したとき。' },
      de: { title: 'Neue Anfragen in meinen Objekten', text: 'Jemand stellt eine neue Anfrage für eines Ihrer Objekte.' },
      fr: { title: 'Nouvelles demandes sur mes sites', text: 'Quelqu’un envoie une nouvelle demande pour l’un de vos sites.' },
    },
    // Those who answer for the property hear of every new request; residents only of their own.
    defaultChoice: (roles) => {
      const on = roles.includes('Property Manager') || roles.includes('Board Member');
      return { inApp: on, email: on };
    },
    customerRouting: {
      defaultRoles: CUSTOMER_ROLES,
      label: {
        en: 'New service requests filed at the property',
        zh: '物业新提交的服务请求',
        es: 'Nuevas solicitudes de servicio registradas en la propiedad',
        ja: '物件で新しく登録されたサービス依頼',
        de: 'Neu eingereichte Serviceanfragen des Objekts',
        fr: 'Nouvelles demandes d’intervention déposées pour le site',
      },
    },
  },
];

export const serviceRequestMessages = {
  'serviceRequest.newAtProperty': {
    en: { title: 'New request {{number}} at {{customer}}', text: '{{actor}} filed “{{title}}”.' },
    zh: { title: '{{customer}} 的新请求 {{number}}', text: '{{actor}} 提交了“{{title}}”。' },
    es: { title: 'Nueva solicitud {{number}} en {{customer}}', text: '{{actor}} registró «{{title}}».' },
    ja: { title: '{{customer}} の新しい依頼 {{number}}', text: '{{actor}} さんが「{{title}}」を登録しました。' },
    de: { title: 'Neue Anfrage {{number}} für {{customer}}', text: '{{actor}} hat „{{title}}“ eingereicht.' },
    fr: { title: 'Nouvelle demande {{number}} pour {{customer}}', text: '{{actor}} a déposé « {{title}} ».' },
  },
  'serviceRequest.created': {
    en: { title: 'New service request {{number}}', text: '{{actor}} filed “{{title}}” for {{customer}}.' },
    zh: { title: '新服务请求 {{number}}', text: '{{actor}} 为 {{customer}} 提交了“{{title}}”。' },
    es: { title: 'Nueva solicitud de servicio {{number}}', text: '{{actor}} registró «{{title}}» para {{customer}}.' },
    ja: { title: '新しいサービスリクエスト {{number}}', text: '{{actor}} さんが {{customer}} の「{{title}}」を登録しました。' },
    de: { title: 'Neue Serviceanfrage {{number}}', text: '{{actor}} hat „{{title}}“ für {{customer}} eingereicht.' },
    fr: { title: 'Nouvelle demande de service {{number}}', text: '{{actor}} a déposé « {{title}} » pour {{customer}}.' },
  },
  'serviceRequest.assigned': {
    en: { title: 'Service request {{number}} assigned to you', text: '{{actor}} assigned “{{title}}” ({{customer}}) to you.' },
    zh: { title: '服务请求 {{number}} 已分配给您', text: '{{actor}} 将“{{title}}”（{{customer}}）分配给了您。' },
    es: { title: 'Se le asignó la solicitud de servicio {{number}}', text: '{{actor}} le asignó «{{title}}» ({{customer}}).' },
    ja: { title: 'サービスリクエスト {{number}} が割り当てられました', text: '{{actor}} さんが「{{title}}」（{{customer}}）をあなたに割り当てました。' },
    de: { title: 'Serviceanfrage {{number}} wurde Ihnen zugewiesen', text: '{{actor}} hat Ihnen „{{title}}“ ({{customer}}) zugewiesen.' },
    fr: { title: 'La demande de service {{number}} vous a été attribuée', text: '{{actor}} vous a attribué « {{title}} » ({{customer}}).' },
  },
  'serviceRequest.status': {
    en: { title: 'Service request {{number}}: {{status}}', text: '“{{title}}” ({{customer}}) is now {{status}}.' },
    zh: { title: '服务请求 {{number}}：{{status}}', text: '“{{title}}”（{{customer}}）的状态现在是：{{status}}。' },
    es: { title: 'Solicitud de servicio {{number}}: {{status}}', text: 'El estado de «{{title}}» ({{customer}}) ahora es: {{status}}.' },
    ja: { title: 'サービスリクエスト {{number}}：{{status}}', text: '「{{title}}」（{{customer}}）のステータスが「{{status}}」になりました。' },
    de: { title: 'Serviceanfrage {{number}}: {{status}}', text: 'Der Status von „{{title}}“ ({{customer}}) ist jetzt: {{status}}.' },
    fr: { title: 'Demande de service {{number}} : {{status}}', text: 'Le statut de « {{title}} » ({{customer}}) est maintenant : {{status}}.' },
  },
  'serviceRequest.scheduled': {
    en: { title: 'Service request {{number}} scheduled for {{date}}', text: '“{{title}}” ({{customer}}) is scheduled for {{date}}.' },
    zh: { title: '服务请求 {{number}} 已安排在 {{date}}', text: '“{{title}}”（{{customer}}）已安排在 {{date}}。' },
    es: { title: 'Solicitud de servicio {{number}} programada para el {{date}}', text: '«{{title}}» ({{customer}}) está programada para el {{date}}.' },
    ja: { title: 'サービスリクエスト {{number}} は {{date}} に予定されています', text: '「{{title}}」（{{customer}}）は {{date}} に予定されています。' },
    de: { title: 'Serviceanfrage {{number}} ist für {{date}} geplant', text: '„{{title}}“ ({{customer}}) ist für {{date}} geplant.' },
    fr: { title: 'Demande de service {{number}} planifiée le {{date}}', text: '« {{title}} » ({{customer}}) est planifiée le {{date}}.' },
  },
  'serviceRequest.comment': {
    en: { title: 'New comment on service request {{number}}', text: '{{actor}} wrote: {{excerpt}}' },
    zh: { title: '服务请求 {{number}} 有新评论', text: '{{actor}} 写道：{{excerpt}}' },
    es: { title: 'Nuevo comentario en la solicitud de servicio {{number}}', text: '{{actor}} escribió: {{excerpt}}' },
    ja: { title: 'サービスリクエスト {{number}} に新しいコメント', text: '{{actor}} さんのコメント：{{excerpt}}' },
    de: { title: 'Neuer Kommentar zu Serviceanfrage {{number}}', text: '{{actor}} schrieb: {{excerpt}}' },
    fr: { title: 'Nouveau commentaire sur la demande de service {{number}}', text: '{{actor}} a écrit : {{excerpt}}' },
  },
} satisfies Record<string, MessageCatalogue>;

export type ServiceRequestMessageKey = keyof typeof serviceRequestMessages;
