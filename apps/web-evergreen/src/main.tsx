import { mountBrandApp } from '@crm/brand-app';
import { brand } from './brand';
import './styles.css';

// Evergreen Preneed uses the base routes and navigation; its differences are in its brand file.
mountBrandApp({ brand });
