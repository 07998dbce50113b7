import { es } from '../../strings/es';
import { PreparingPage } from './preparing-page';

export function DemoRoute() {
  return <PreparingPage title={es.pages.demo.title} body={es.pages.demo.body} />;
}
