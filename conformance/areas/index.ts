// Every area, in report order.
import type { Area } from '../engine/scenario';
import type { AreaName } from '../engine/types';
import { auth } from './auth';
import { errors } from './errors';
import { filters } from './filters';
import { lifecycle } from './lifecycle';
import { lists } from './lists';
import { responses } from './responses';

export const AREA_LIST: Area[] = [responses, lists, filters, errors, auth, lifecycle];

export const areaByName = (name: AreaName): Area => AREA_LIST.find((area) => area.name === name)!;
