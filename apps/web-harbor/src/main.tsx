import { mountBrandApp } from '@crm/brand-app';
import { brand } from './brand';
import './styles.css';

// Harbor Agent uses the base routes and navigation as they are.
mountBrandApp({ brand });
