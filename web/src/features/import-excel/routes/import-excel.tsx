import { BeingBuilt } from '../../../components/ui/page';

/** /component-hub/import-excel (built by the Excel import change). */
export const ImportExcelRoute = () => <BeingBuilt title="Import Components from Excel" screen="Excel import" />;

export default ImportExcelRoute;
