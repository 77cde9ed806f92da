import { createBrowserRouter } from 'react-router-dom';
import { LandingPage } from '../features/landing/landing-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { paths } from '../lib/paths';

export const router = createBrowserRouter([
  { path: paths.home, element: <LandingPage /> },
  { path: '*', element: <NotFoundPage /> },
]);
