import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Ahead of the app: every CSS module's rules must follow the shared patterns they compose.
import './styles/patterns.css';
import { App } from './app/App';
import './styles/tokens.css';
import './styles/base.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
