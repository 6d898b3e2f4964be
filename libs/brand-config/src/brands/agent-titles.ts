import type { AgentTitle } from '../brand-config';

/** The base agent titles of spec part 2 §3; brands add their own after these. */
export const BASE_AGENT_TITLES: AgentTitle[] = [
  { value: 'representative', label: 'Representative' },
  { value: 'insurance_agent', label: 'Insurance Agent' },
  { value: 'regional_sales_manager', label: 'Regional Sales Manager' },
  { value: 'field_manager', label: 'Field Manager' },
  { value: 'district_manager', label: 'District Manager' },
  { value: 'advisor', label: 'Advisor' },
  { value: 'retirement_specialist', label: 'Retirement Specialist' },
];
