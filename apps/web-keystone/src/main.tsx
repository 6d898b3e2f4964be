import { mountBrandApp } from '@crm/brand-app';
import { brand } from './brand';
import './styles.css';

// Keystone Central uses the base routes and navigation; its differences are in its brand file.
mountBrandApp({ brand });
