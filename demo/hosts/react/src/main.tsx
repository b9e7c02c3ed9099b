import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'soliplex-chat'; // defines <soliplex-chat>
import { App } from './App';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
