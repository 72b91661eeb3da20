import type { MessageCatalogue, NotificationKindDefinition } from '../../modules/domain-module.js';

/*
 * Notification kinds of proposals (issue 12) and their texts. Who hears what: announcements.ts.
 * - proposal_sent: the customer's users allowed to see proposals, routed by the customer's
 *   settings (Property Managers and Board Members unless changed): a proposal or a new version of
 *   it was sent, or it was withdrawn.
 * - proposal_vote_requested: the board members of a new approval round (always: they must vote).
 * - proposal_board_decision: the customer's Property Managers: the board approved or rejected.
 * - proposal_customer_response: the account manager: the customer accepted or declined, or the
 *   board approved or rejected.
 */

export const PROPOSAL_KINDS = {
  sent: 'proposal_sent',
  voteRequested: 'proposal_vote_requested',
  boardDecision: 'proposal_board_decision',
  customerResponse: 'proposal_customer_response',
} as const;

export const proposalNotificationKinds: readonly NotificationKindDefinition[] = [
  {
    kind: PROPOSAL_KINDS.sent,
    audience: 'customer',
    onlyRoles: ['Property Manager', 'Board Member', 'Landscape Committee'],
    label: {
      en: { title: 'Proposals', text: 'Grove sends you a proposal, a new version of one, or withdraws one.' },
      zh: { title: '提案', text: 'Grove 向您发送提案或提案的新版本，或撤回提案时。' },
      es: { title: 'Propuestas', text: 'Grove le envía una propuesta o una nueva versión, o retira una.' },
      ja: { title: '提案', text: 'Grove から提案や新しい版が届いたとき、または提案が取り下げられたとき。' },
      de: { title: 'Angebote', text: 'Grove sendet Ihnen ein Angebot oder eine neue Fassung oder zieht eines zurück.' },
      fr: { title: 'Propositions', text: 'Grove vous envoie une proposition ou une nouvelle version, ou en retire une.' },
    },
    customerRouting: {
      defaultRoles: ['Property Manager', 'Board Member'],
      label: {
        en: 'Proposals sent for signature',
        zh: '发送待签署的提案',
        es: 'Propuestas enviadas para firmar',
        ja: '署名のために送られた提案',
        de: 'Zur Unterschrift gesendete Angebote',
        fr: 'Propositions envoyées pour signature',
      },
    },
  },
  {
    kind: PROPOSAL_KINDS.voteRequested,
    audience: 'customer',
    onlyRoles: ['Board Member'],
    label: {
      en: { title: 'Board approvals', text: 'A signed proposal above your approval threshold waits for your vote.' },
      zh: { title: '董事会审批', text: '已签署且超过审批额度的提案等待您投票。' },
      es: { title: 'Aprobaciones de la junta', text: 'Una propuesta firmada por encima de su umbral de aprobación espera su voto.' },
      ja: { title: '理事会の承認', text: '承認基準額を超える署名済みの提案があなたの投票を待っています。' },
      de: { title: 'Vorstandsfreigaben', text: 'Ein unterschriebenes Angebot über Ihrer Freigabegrenze wartet auf Ihre Stimme.' },
      fr: { title: 'Approbations du conseil', text: 'Une proposition signée au-dessus de votre seuil d’approbation attend votre vote.' },
    },
  },
  {
    kind: PROPOSAL_KINDS.boardDecision,
    audience: 'customer',
    onlyRoles: ['Property Manager'],
    label: {
      en: { title: 'Board decisions on proposals', text: 'The board approved or rejected a proposal.' },
      zh: { title: '董事会对提案的决定', text: '董事会批准或否决了提案。' },
      es: { title: 'Decisiones de la junta sobre propuestas', text: 'La junta aprobó o rechazó una propuesta.' },
      ja: { title: '提案に対する理事会の決定', text: '理事会が提案を承認または否決したとき。' },
      de: { title: 'Vorstandsentscheidungen zu Angeboten', text: 'Der Vorstand hat ein Angebot freigegeben oder abgelehnt.' },
      fr: { title: 'Décisions du conseil sur les propositions', text: 'Le conseil a approuvé ou rejeté une proposition.' },
    },
  },
  {
    kind: PROPOSAL_KINDS.customerResponse,
    audience: 'staff',
    label: {
      en: { title: 'Customer answers to proposals', text: 'A customer you manage accepts or declines a proposal, or its board decides.' },
      zh: { title: '客户对提案的答复', text: '您管理的客户接受或拒绝提案，或其董事会作出决定。' },
      es: { title: 'Respuestas de clientes a propuestas', text: 'Un cliente que usted gestiona acepta o rechaza una propuesta, o su junta decide.' },
      ja: { title: '提案への顧客の回答', text: '担当顧客が提案を承諾または辞退したとき、または理事会が決定したとき。' },
      de: { title: 'Kundenantworten auf Angebote', text: 'Ein Kunde, den Sie betreuen, nimmt ein Angebot an oder lehnt es ab, oder sein Vorstand entscheidet.' },
      fr: { title: 'Réponses des clients aux propositions', text: 'Un client que vous gérez accepte ou refuse une proposition, ou son conseil décide.' },
    },
  },
];

export const PROPOSAL_MESSAGES = {
  'proposal.sent': {
    en: { title: 'New proposal {{number}} from Grove', text: '“{{title}}” for {{customer}}: {{total}}. Please review and sign it.' },
    zh: { title: 'Grove 发来的新提案 {{number}}', text: '{{customer}} 的“{{title}}”：{{total}}。请审阅并签署。' },
    es: { title: 'Nueva propuesta {{number}} de Grove', text: '«{{title}}» para {{customer}}: {{total}}. Revísela y fírmela.' },
    ja: { title: 'Grove からの新しい提案 {{number}}', text: '{{customer}} の「{{title}}」：{{total}}。内容をご確認のうえ署名してください。' },
    de: { title: 'Neues Angebot {{number}} von Grove', text: '„{{title}}“ für {{customer}}: {{total}}. Bitte prüfen und unterschreiben Sie es.' },
    fr: { title: 'Nouvelle proposition {{number}} de Grove', text: '« {{title}} » pour {{customer}} : {{total}}. Merci de la relire et de la signer.' },
  },
  'proposal.revised': {
    en: { title: 'Proposal {{number}} was revised', text: 'Grove sent a new version of “{{title}}” ({{total}}). Only the latest version can be signed.' },
    zh: { title: '提案 {{number}} 已修订', text: 'Grove 发送了“{{title}}”的新版本（{{total}}）。只能签署最新版本。' },
    es: { title: 'Se revisó la propuesta {{number}}', text: 'Grove envió una nueva versión de «{{title}}» ({{total}}). Solo se puede firmar la última versión.' },
    ja: { title: '提案 {{number}} が改訂されました', text: 'Grove が「{{title}}」の新しい版（{{total}}）を送りました。署名できるのは最新版のみです。' },
    de: { title: 'Angebot {{number}} wurde überarbeitet', text: 'Grove hat eine neue Fassung von „{{title}}“ ({{total}}) gesendet. Nur die neueste Fassung kann unterschrieben werden.' },
    fr: { title: 'La proposition {{number}} a été révisée', text: 'Grove a envoyé une nouvelle version de « {{title}} » ({{total}}). Seule la dernière version peut être signée.' },
  },
  'proposal.withdrawn': {
    en: { title: 'Proposal {{number}} was withdrawn', text: 'Grove withdrew “{{title}}”; it can no longer be signed.' },
    zh: { title: '提案 {{number}} 已撤回', text: 'Grove 撤回了“{{title}}”，该提案已无法签署。' },
    es: { title: 'Se retiró la propuesta {{number}}', text: 'Grove retiró «{{title}}»; ya no se puede firmar.' },
    ja: { title: '提案 {{number}} は取り下げられました', text: 'Grove が「{{title}}」を取り下げました。署名はできなくなりました。' },
    de: { title: 'Angebot {{number}} wurde zurückgezogen', text: 'Grove hat „{{title}}“ zurückgezogen; es kann nicht mehr unterschrieben werden.' },
    fr: { title: 'La proposition {{number}} a été retirée', text: 'Grove a retiré « {{title}} » ; elle ne peut plus être signée.' },
  },
  'proposal.voteRequested': {
    en: { title: 'Your vote: proposal {{number}}', text: '{{actor}} signed “{{title}}” ({{total}}) for {{customer}}; it needs the board’s approval.' },
    zh: { title: '请投票：提案 {{number}}', text: '{{actor}} 为 {{customer}} 签署了“{{title}}”（{{total}}），需要董事会批准。' },
    es: { title: 'Su voto: propuesta {{number}}', text: '{{actor}} firmó «{{title}}» ({{total}}) para {{customer}}; necesita la aprobación de la junta.' },
    ja: { title: '投票のお願い：提案 {{number}}', text: '{{actor}} さんが {{customer}} の「{{title}}」（{{total}}）に署名しました。理事会の承認が必要です。' },
    de: { title: 'Ihre Stimme: Angebot {{number}}', text: '{{actor}} hat „{{title}}“ ({{total}}) für {{customer}} unterschrieben; der Vorstand muss zustimmen.' },
    fr: { title: 'Votre vote : proposition {{number}}', text: '{{actor}} a signé « {{title}} » ({{total}}) pour {{customer}} ; l’approbation du conseil est nécessaire.' },
  },
  'proposal.boardApproved': {
    en: { title: 'The board approved proposal {{number}}', text: '“{{title}}” ({{customer}}) is accepted.' },
    zh: { title: '董事会已批准提案 {{number}}', text: '“{{title}}”（{{customer}}）已被接受。' },
    es: { title: 'La junta aprobó la propuesta {{number}}', text: '«{{title}}» ({{customer}}) está aceptada.' },
    ja: { title: '理事会が提案 {{number}} を承認しました', text: '「{{title}}」（{{customer}}）は承諾されました。' },
    de: { title: 'Der Vorstand hat Angebot {{number}} freigegeben', text: '„{{title}}“ ({{customer}}) ist angenommen.' },
    fr: { title: 'Le conseil a approuvé la proposition {{number}}', text: '« {{title}} » ({{customer}}) est acceptée.' },
  },
  'proposal.boardRejected': {
    en: { title: 'The board rejected proposal {{number}}', text: '“{{title}}” ({{customer}}) can no longer reach the required approvals.' },
    zh: { title: '董事会否决了提案 {{number}}', text: '“{{title}}”（{{customer}}）已无法获得所需的批准。' },
    es: { title: 'La junta rechazó la propuesta {{number}}', text: '«{{title}}» ({{customer}}) ya no puede alcanzar las aprobaciones necesarias.' },
    ja: { title: '理事会が提案 {{number}} を否決しました', text: '「{{title}}」（{{customer}}）は必要な承認数に達しなくなりました。' },
    de: { title: 'Der Vorstand hat Angebot {{number}} abgelehnt', text: '„{{title}}“ ({{customer}}) kann die nötigen Zustimmungen nicht mehr erreichen.' },
    fr: { title: 'Le conseil a rejeté la proposition {{number}}', text: '« {{title}} » ({{customer}}) ne peut plus obtenir les approbations requises.' },
  },
  'proposal.accepted': {
    en: { title: '{{customer}} accepted proposal {{number}}', text: '{{actor}} signed “{{title}}” ({{total}}).' },
    zh: { title: '{{customer}} 接受了提案 {{number}}', text: '{{actor}} 签署了“{{title}}”（{{total}}）。' },
    es: { title: '{{customer}} aceptó la propuesta {{number}}', text: '{{actor}} firmó «{{title}}» ({{total}}).' },
    ja: { title: '{{customer}} が提案 {{number}} を承諾しました', text: '{{actor}} さんが「{{title}}」（{{total}}）に署名しました。' },
    de: { title: '{{customer}} hat Angebot {{number}} angenommen', text: '{{actor}} hat „{{title}}“ ({{total}}) unterschrieben.' },
    fr: { title: '{{customer}} a accepté la proposition {{number}}', text: '{{actor}} a signé « {{title}} » ({{total}}).' },
  },
  'proposal.declined': {
    en: { title: '{{customer}} declined proposal {{number}}', text: '{{actor}} declined “{{title}}”: {{reason}}' },
    zh: { title: '{{customer}} 拒绝了提案 {{number}}', text: '{{actor}} 拒绝了“{{title}}”：{{reason}}' },
    es: { title: '{{customer}} rechazó la propuesta {{number}}', text: '{{actor}} rechazó «{{title}}»: {{reason}}' },
    ja: { title: '{{customer}} が提案 {{number}} を辞退しました', text: '{{actor}} さんが「{{title}}」を辞退しました：{{reason}}' },
    de: { title: '{{customer}} hat Angebot {{number}} abgelehnt', text: '{{actor}} hat „{{title}}“ abgelehnt: {{reason}}' },
    fr: { title: '{{customer}} a refusé la proposition {{number}}', text: '{{actor}} a refusé « {{title}} » : {{reason}}' },
  },
} as const satisfies Record<string, MessageCatalogue>;

export type ProposalMessageKey = keyof typeof PROPOSAL_MESSAGES;
