// Must stay first: configures zod before any schema is built.
import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { Providers } from './app/providers';
import { router } from './app/router';
import { arrivedAt, registerServiceWorker } from './lib/pwa/register';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The service worker exists in the built app only (Vite's dev server serves modules from source).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  registerServiceWorker();
  // A waiting build is taken at the next navigation to another page (not a tab or query change).
  let pathname = router.state.location.pathname;
  router.subscribe(({ location }) => {
    if (location.pathname === pathname) return;
    pathname = location.pathname;
    arrivedAt(pathname);
  });
}

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
