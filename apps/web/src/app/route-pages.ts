import type { PageModule } from './chunk-loading';

/**
 * The screen of each ROUTE_ACCESS pattern, loaded lazily (one chunk per screen). A pattern not
 * listed here shows the placeholder page until its issue adds the screen: add one line here.
 */
export const ROUTE_PAGES: Readonly<Record<string, () => Promise<PageModule>>> = {
  '/login': () => import('../features/auth/routes/LoginPage'),
  '/forgotPassword': () => import('../features/auth/routes/ForgotPasswordPage'),
  '/resetPassword': () => import('../features/auth/routes/ResetPasswordPage'),
  '/resident-user-validation': () => import('../features/registration/routes/ResidentRegistrationPage'),
  '/404': () => import('../features/errors/routes/NotFoundPage'),
  '/error/:code': () => import('../features/errors/routes/ErrorCodePage'),

  '/customers': () => import('../features/customers/routes/CustomerListPage'),
  '/customers/:customerId': () => import('../features/customers/routes/CustomerPage'),
  '/customerView/dashboard': () => import('../features/customers/routes/CustomerDashboardPage'),
  '/customerView/:customerId': () => import('../features/customers/routes/CustomerViewPage'),
  '/customers/:customerId/settings': () => import('../features/customers/routes/CustomerSettingsPage'),
  '/customerView/:customerId/settings': () => import('../features/customers/routes/CustomerViewSettingsPage'),
  '/customers/:customerId/update-map': () => import('../features/customer-map/routes/UpdateMapPage'),
  '/customers/:customerId/manage-portal-access': () => import('../features/portal-access/routes/PortalAccessPage'),
  '/customers/:customerId/manage-portal-access/newUser': () => import('../features/portal-access/routes/NewPortalUserPage'),
  '/customers/:customerId/manage-portal-access/:userId/editUser': () => import('../features/portal-access/routes/EditPortalUserPage'),
  '/customers/:customerId/manage-portal-access/addYnMember': () => import('../features/portal-access/routes/AddTeamMemberPage'),
  '/customerView/:customerId/manage-portal-access': () => import('../features/portal-access/routes/PortalAccessPage'),
  '/customerView/:customerId/manage-portal-access/newUser': () => import('../features/portal-access/routes/NewPortalUserPage'),
  '/customerView/:customerId/manage-portal-access/:userId/editUser': () => import('../features/portal-access/routes/EditPortalUserPage'),
  '/yn-team-directory': () => import('../features/team-directory/routes/TeamDirectoryPage'),
  '/settings': () => import('../features/settings/routes/SettingsPage'),
  '/dashboard': () => import('../features/dashboard/routes/DashboardPage'),
  '/performanceReport': () => import('../features/reports/routes/PerformanceReportPage'),
  '/content': () => import('../features/content/routes/ContentPage'),

  '/service-requests': () => import('../features/service-requests/routes/ServiceRequestsPage'),
  '/service-requests/:requestId/update': () => import('../features/service-requests/routes/RequestPage'),
  '/customers/:customerId/requests': () => import('../features/service-requests/routes/CustomerRequestsPage'),
  '/customers/:customerId/requests/new': () => import('../features/service-requests/routes/NewRequestPage'),
  '/customers/:customerId/requests/:requestId/update': () => import('../features/service-requests/routes/RequestPage'),
  '/customerView/:customerId/requests': () => import('../features/service-requests/routes/CustomerViewRequestsPage'),
  '/customerView/:customerId/requests/new': () => import('../features/service-requests/routes/CustomerViewNewRequestPage'),
  '/customerView/:customerId/requests/:requestId/update': () => import('../features/service-requests/routes/CustomerViewRequestPage'),
  '/message-center': () => import('../features/messages/routes/MessageCenterPage'),
  '/message-center/messages/new': () => import('../features/messages/routes/MessageCenterNewPage'),
  '/message-center/messages/:messageId/view': () => import('../features/messages/routes/MessageCenterThreadPage'),
  '/customers/:customerId/messages': () => import('../features/messages/routes/CustomerMessagesPage'),
  '/customers/:customerId/messages/new': () => import('../features/messages/routes/CustomerNewMessagePage'),
  '/customers/:customerId/messages/:messageId/view': () => import('../features/messages/routes/CustomerThreadPage'),
  '/customerView/:customerId/messages': () => import('../features/messages/routes/CustomerMessagesPage'),
  '/customerView/:customerId/messages/new': () => import('../features/messages/routes/CustomerNewMessagePage'),
  '/customerView/:customerId/messages/:messageId/view': () => import('../features/messages/routes/CustomerThreadPage'),
  '/customerView/:customerId/sendKudos': () => import('../features/kudos/routes/SendKudosPage'),
  '/planTemplates': () => import('../features/plans/routes/PlanTemplatesPage'),
  '/planTemplates/new': () => import('../features/plans/routes/NewPlanTemplatePage'),
  '/planTemplates/:templateId/edit': () => import('../features/plans/routes/EditPlanTemplatePage'),
  '/customers/:customerId/plans': () => import('../features/plans/routes/PlansPage'),
  '/customers/:customerId/plans/new': () => import('../features/plans/routes/NewPlanPage'),
  '/customers/:customerId/plans/:planId/view': () => import('../features/plans/routes/PlanPage'),
  '/customers/:customerId/plans/:planId/edit': () => import('../features/plans/routes/EditPlanPage'),
  '/customerView/:customerId/plans': () => import('../features/plans/routes/CustomerViewPlansPage'),
  '/customerView/:customerId/plans/:planId/view': () => import('../features/plans/routes/CustomerViewPlanPage'),
  '/customers/:customerId/planTemplates': () => import('../features/plans/routes/CustomerPlanTemplatesPage'),
  '/customers/:customerId/planTemplates/new': () => import('../features/plans/routes/NewCustomerPlanTemplatePage'),
  '/customers/:customerId/planTemplates/:planTemplateId/view': () => import('../features/plans/routes/CustomerPlanTemplatePage'),
  '/customers/:customerId/planTemplates/:templateId/edit': () => import('../features/plans/routes/EditCustomerPlanTemplatePage'),
  '/customers/:customerId/proposals': () => import('../features/proposals/routes/ProposalsPage'),
  '/customers/:customerId/proposals/new': () => import('../features/proposals/routes/NewProposalPage'),
  '/customerView/:customerId/proposals': () => import('../features/proposals/routes/ProposalsPage'),
  '/customers/:customerId/invoices': () => import('../features/invoices/routes/InvoicesPage'),
  '/customers/:customerId/invoices/new': () => import('../features/invoices/routes/NewInvoicePage'),
  '/customerView/:customerId/invoices': () => import('../features/invoices/routes/InvoicesPage'),

  '/file-library': () => import('../features/file-library/routes/FileLibraryPage'),
  '/file-library/:folderId': () => import('../features/file-library/routes/FolderPage'),

  '/create-orange-report': () => import('../features/orange-reports/routes/CreateOrangeReportPage'),
  '/orange-reports/pending': () => import('../features/orange-reports/routes/PendingReportsPage'),
  '/customers/:customerId/orange-reports': () => import('../features/orange-reports/routes/CustomerReportsPage'),
  '/customers/:customerId/orange-reports/pending': () => import('../features/orange-reports/routes/CustomerPendingPage'),
  '/customers/:customerId/orange-reports/:reportId/view': () => import('../features/orange-reports/routes/ReportViewPage'),
  '/customerView/:customerId/orange-reports': () => import('../features/orange-reports/routes/CustomerViewReportsPage'),
  '/customerView/:customerId/orange-reports/:reportId/view': () => import('../features/orange-reports/routes/CustomerViewReportPage'),
  '/customers/:customerId/orange-reports/new': () => import('../features/orange-reports/routes/NewReportPage'),
  '/customers/:customerId/orange-reports/:reportId/edit': () => import('../features/orange-reports/routes/EditReportPage'),

  '/customers/:customerId/documents': () => import('../features/documents/routes/CustomerDocumentsPage'),
  '/customers/:customerId/documents/new': () => import('../features/documents/routes/NewDocumentPage'),
  '/customerView/:customerId/documents': () => import('../features/documents/routes/CustomerViewDocumentsPage'),
  '/customerView/:customerId/documents/new': () => import('../features/documents/routes/CustomerViewNewDocumentPage'),
};

/**
 * Whether an area is built: its route has a screen here. Until then its menu entries, tiles and
 * links are not shown (issue 17 §1: an unbuilt area must never look like real, empty data); the
 * line added here when the area lands is the switch.
 */
export function hasScreen(pattern: string): boolean {
  return Object.hasOwn(ROUTE_PAGES, pattern);
}

export const placeholderPage = (): Promise<PageModule> => import('../features/placeholders/routes/PlaceholderPage');
