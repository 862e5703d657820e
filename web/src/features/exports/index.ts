export { ExportPanel } from './components/export-panel';
