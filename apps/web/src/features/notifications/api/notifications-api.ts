// Moved to entities/notifications.ts (the bell and live updates share it); import from there.
export * from '../../../entities/notifications';
