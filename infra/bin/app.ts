import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { templatePolicyPlugin } from '../template-policy.js';

const app = new App();
const config = loadConfig((name) => app.node.tryGetContext(name));
buildApp(app, config);

// Synth fails on any AWS Solutions finding, or any breach of AWS Control Tower's proactive controls (cfn-guard),
// that is not acknowledged in code with a reason.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }), templatePolicyPlugin());
