// Imported last by the package entry: see dom-guard.ts.
import { removeDomStandIns } from './dom-guard.js';

removeDomStandIns();
