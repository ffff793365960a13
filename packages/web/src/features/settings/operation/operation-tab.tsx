import { CatalogSection } from './catalog-section'
import { LogSection } from './log-section'
import { ModelPricingSection } from './model-pricing-section'
import { ChatsSection, GroupRatioSection, ModelRatioSection } from './ratio-sections'
import {
  DashboardSection,
  DrawingSection,
  GeneralSection,
  MonitoringSection,
  QuotaSection,
  SensitiveSection,
} from './simple-sections'

/** Operation settings (spec §2), in the spec's order; each section saves on its own. */
export function OperationTab() {
  return (
    <div className="grid gap-5">
      <GeneralSection />
      <DrawingSection />
      <SensitiveSection />
      <LogSection />
      <DashboardSection />
      <MonitoringSection />
      <QuotaSection />
      <ModelPricingSection />
      <CatalogSection />
      <GroupRatioSection />
      <ModelRatioSection />
      <ChatsSection />
    </div>
  )
}
