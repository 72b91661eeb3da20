import { LANGUAGES, type Language, type ServiceRequestStatus } from '@grove/shared';

/** Status names in the six languages, for notification texts and the CSV export. */
export const STATUS_LABELS: Record<ServiceRequestStatus, Record<Language, string>> = {
  new: { en: 'New', zh: '新建', es: 'Nueva', ja: '新規', de: 'Neu', fr: 'Nouvelle' },
  acknowledged: { en: 'Acknowledged', zh: '已确认', es: 'Recibida', ja: '受付済み', de: 'Bestätigt', fr: 'Prise en compte' },
  scheduled: { en: 'Scheduled', zh: '已排期', es: 'Programada', ja: '予定済み', de: 'Geplant', fr: 'Planifiée' },
  in_progress: { en: 'In progress', zh: '进行中', es: 'En curso', ja: '対応中', de: 'In Bearbeitung', fr: 'En cours' },
  completed: { en: 'Completed', zh: '已完成', es: 'Completada', ja: '完了', de: 'Erledigt', fr: 'Terminée' },
  closed: { en: 'Closed', zh: '已关闭', es: 'Cerrada', ja: 'クローズ', de: 'Abgeschlossen', fr: 'Clôturée' },
  cancelled: { en: 'Cancelled', zh: '已取消', es: 'Cancelada', ja: 'キャンセル', de: 'Storniert', fr: 'Annulée' },
};

/** A calendar date (YYYY-MM-DD) written out in each language, e.g. for "scheduled for …". */
export function localizedDate(isoDate: string): Record<Language, string> {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Object.fromEntries(
    LANGUAGES.map((lang) => [lang, new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(date)]),
  ) as Record<Language, string>;
}

/** A time of day (`HH:mm`) in each language's clock ("9:30 AM", "09:30"). */
export function localizedTime(time: string, lang: Language): string {
  const [hours, minutes] = time.split(':').map(Number);
  return new Intl.DateTimeFormat(lang, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(Date.UTC(2000, 0, 1, hours, minutes));
}

/** "November 24, 2026, 9:00 AM–11:00 AM": the visit day with its time window, when one is set. */
export function withWindow(date: Record<Language, string>, from?: string | null, to?: string | null): Record<Language, string> {
  if (!from && !to) return date;
  return Object.fromEntries(
    LANGUAGES.map((lang) => [lang, `${date[lang]}, ${from ? localizedTime(from, lang) : ''}–${to ? localizedTime(to, lang) : ''}`]),
  ) as Record<Language, string>;
}

export const CSV_COLUMNS = [
  'number',
  'customer',
  'status',
  'priority',
  'type',
  'title',
  'location',
  'assignee',
  'requester',
  'createdAt',
  'scheduledDate',
  'responseDueAt',
  'resolutionDueAt',
  'overdue',
  'completedAt',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** CSV header row in the caller's language. */
export const CSV_HEADERS: Record<Language, Record<CsvColumn, string>> = {
  en: {
    number: 'Number',
    customer: 'Customer',
    status: 'Status',
    priority: 'Priority',
    type: 'Type',
    title: 'Title',
    location: 'Location',
    assignee: 'Assignee',
    requester: 'Requester',
    createdAt: 'Created',
    scheduledDate: 'Scheduled date',
    responseDueAt: 'Response due',
    resolutionDueAt: 'Resolution due',
    overdue: 'Overdue',
    completedAt: 'Completed',
  },
  zh: {
    number: '编号',
    customer: '客户',
    status: '状态',
    priority: '优先级',
    type: '类型',
    title: '标题',
    location: '位置',
    assignee: '负责人',
    requester: '提交人',
    createdAt: '创建时间',
    scheduledDate: '计划日期',
    responseDueAt: '响应截止',
    resolutionDueAt: '解决截止',
    overdue: '已逾期',
    completedAt: '完成时间',
  },
  es: {
    number: 'Número',
    customer: 'Cliente',
    status: 'Estado',
    priority: 'Prioridad',
    type: 'Tipo',
    title: 'Título',
    location: 'Ubicación',
    assignee: 'Responsable',
    requester: 'Solicitante',
    createdAt: 'Creada',
    scheduledDate: 'Fecha programada',
    responseDueAt: 'Respuesta antes de',
    resolutionDueAt: 'Resolución antes de',
    overdue: 'Vencida',
    completedAt: 'Completada',
  },
  ja: {
    number: '番号',
    customer: '顧客',
    status: 'ステータス',
    priority: '優先度',
    type: '種類',
    title: '件名',
    location: '場所',
    assignee: '担当者',
    requester: '依頼者',
    createdAt: '作成日時',
    scheduledDate: '予定日',
    responseDueAt: '初回対応期限',
    resolutionDueAt: '解決期限',
    overdue: '期限超過',
    completedAt: '完了日時',
  },
  de: {
    number: 'Nummer',
    customer: 'Kunde',
    status: 'Status',
    priority: 'Priorität',
    type: 'Art',
    title: 'Titel',
    location: 'Ort',
    assignee: 'Zuständig',
    requester: 'Angefragt von',
    createdAt: 'Erstellt',
    scheduledDate: 'Geplantes Datum',
    responseDueAt: 'Reaktion fällig',
    resolutionDueAt: 'Erledigung fällig',
    overdue: 'Überfällig',
    completedAt: 'Erledigt am',
  },
  fr: {
    number: 'Numéro',
    customer: 'Client',
    status: 'Statut',
    priority: 'Priorité',
    type: 'Type',
    title: 'Titre',
    location: 'Emplacement',
    assignee: 'Responsable',
    requester: 'Demandeur',
    createdAt: 'Créée le',
    scheduledDate: 'Date prévue',
    responseDueAt: 'Réponse attendue',
    resolutionDueAt: 'Résolution attendue',
    overdue: 'En retard',
    completedAt: 'Terminée le',
  },
};

export const YES_NO: Record<Language, [string, string]> = {
  en: ['Yes', 'No'],
  zh: ['是', '否'],
  es: ['Sí', 'No'],
  ja: ['はい', 'いいえ'],
  de: ['Ja', 'Nein'],
  fr: ['Oui', 'Non'],
};
