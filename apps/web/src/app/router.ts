import { createBrowserRouter } from 'react-router';
import { setNavigator } from './navigation';
import { routes } from './routes';

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setNavigator((to, options) => router.navigate(to, options));
  return router;
}
