import { paths } from './config/paths';
import { initI18n, loadAppTexts } from './lib/i18n';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Root element #root not found');

// A visit that starts on the landing page loads only what it shows; any other page loads the app (ADR 0118).
const isLanding = window.location.pathname === paths.home.path;
const rendering = isLanding
  ? import('./app/render-landing').then((module) => module.renderLanding)
  : Promise.all([import('./app/render-app'), loadAppTexts()]).then(([module]) => module.renderApp);

Promise.all([
  initI18n().catch((error: unknown) => console.error('Failed to initialise translations:', error)),
  rendering,
])
  .then(([, render]) => render(root))
  .catch((error: unknown) => console.error('Failed to start the app:', error));
