import de from './de.js';
export default de; // placeholder until written
