export { legalProjection } from './legal-projection';
export { settingsProjection } from './settings-projection';
