import { AppError, validationError } from '../../../kernel/errors.js';
import { dropAssignments } from '../connectors/service.js';
import { changeStatus, changeTags, created, findByReference, findText, iotDescription, iotTags, listOf, newReference, removed } from '../common/records-service.js';
import { QOS_LEVEL, type IotStatus } from '../common/enums.js';
import type { IotScope } from '../common/scope.js';
import type { IotFindArgs, IotListArgs, IotTagsInput } from '../common/types.js';
import { IotDevice } from '../devices/entities.js';
import { IotTopic } from './entities.js';
import { checkTopicFilter } from './filters.js';
import type { IotTopicRegisterInput } from './types.js';

/** An IoTSP's MQTT topic filters (docs/iot.md "Topics"): register, read, list, find, tags, status, unregister. */

export const findTopic = (s: IotScope, reference: string) => findByReference(s, IotTopic, 'topic', reference);

export async function registerTopic(s: IotScope, input: IotTopicRegisterInput): Promise<IotTopic> {
  const problem = checkTopicFilter(input.path);
  if (problem) throw validationError('path', problem);
  const by = s.principal.userId;
  const topic = s.em.create(IotTopic, {
    reference: newReference('topic'),
    path: input.path,
    qosLevel: QOS_LEVEL[input.qos],
    description: iotDescription(input.description),
    tags: iotTags(input.tags),
    createdBy: by,
    updatedBy: by,
  });
  return created(s, 'topic', topic, { field: 'path', message: 'the IoTSP has already registered this topic filter' });
}

export const listTopics = (s: IotScope, args: IotListArgs) => listOf(s, IotTopic, args);

/** `find`: the text in the reference, description, tags or path. */
export const findTopics = (s: IotScope, args: IotFindArgs) => findText(s, IotTopic, 'topic', 'path', args);

export const updateTopicTags = async (s: IotScope, reference: string, input: IotTagsInput) => changeTags(s, 'topic', await findTopic(s, reference), input);

export const changeTopicStatus = async (s: IotScope, reference: string, status: IotStatus) => changeStatus(s, 'topic', await findTopic(s, reference), status);

/** Unregister: refused (409) while devices are bound to the topic; move them to another topic (or to none) first. */
export async function unregisterTopic(s: IotScope, reference: string) {
  const topic = await findTopic(s, reference);
  return removed(s, 'topic', IotTopic, topic, async (tx) => {
    const devices = await tx.count(IotDevice, { topic: topic.id });
    if (devices) throw new AppError('CONFLICT', `The topic is bound to ${devices} device(s); bind them to another topic (or none) first`);
    await dropAssignments(tx, topic.id);
  });
}
