// Generated from openapi/ by `npm run generate`. Do not edit by hand.
"use strict";
exports.CompanySearchRequest = validate21;
const schema32 = {"type":"object","description":"Company search body, accepted as JSON, form-urlencoded and multipart. Which fields are required is not shown; none is required here.","properties":{"name":{"type":"string","maxLength":512,"x-filter":{"match":"text","reads":["name"],"words":"searched by name"}},"registration_number":{"type":"string","maxLength":100,"description":"Local registry number.","x-filter":{"match":"text","reads":["registration_number"],"words":"searched by local registry number"}},"status":{"$ref":"https://contract.invalid/schemas/CompanyStatus","x-filter":{"match":"equals","reads":["status"],"words":"company status values"}},"country":{"type":"string","description":"Country filter by country code (for example AT, DE, CH). Not specified: the published document shows that a country filter exists but not its type or bounds, and it does not say that these codes are ISO 3166-1 alpha-2; a plain string without a pattern is a modelling choice.","x-unspecified":["type","pattern","maxLength"],"x-modelling-choice":"The type of the country field is not shown; modelled as an unbounded string without a pattern.","x-filter":{"match":"equals","reads":["country"],"words":"a country filter by country code (AT, DE, CH and others)"}}},"x-unspecified":["required","additionalProperties"],"$id":"https://contract.invalid/schemas/CompanySearchRequest"};
const schema33 = {"type":"string","description":"Company status, as published (search filter and result).","enum":["Active","Inactive","In Liquidation","Dissolved","Bankrupt","Restructuring","Insolvency Proceeding","Relocated"],"$id":"https://contract.invalid/schemas/CompanyStatus"};
const func1 = require("ajv/dist/runtime/ucs2length").default;

function validate21(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/schemas/CompanySearchRequest" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate21.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name !== undefined){
let data0 = data.name;
if(typeof data0 === "string"){
if((data0.length > 512 && func1(data0) > 512)){
const err0 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
else {
const err1 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.registration_number !== undefined){
let data1 = data.registration_number;
if(typeof data1 === "string"){
if((data1.length > 100 && func1(data1) > 100)){
const err2 = {instancePath:instancePath+"/registration_number",schemaPath:"#/properties/registration_number/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath:instancePath+"/registration_number",schemaPath:"#/properties/registration_number/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.status !== undefined){
let data2 = data.status;
if(typeof data2 !== "string"){
const err4 = {instancePath:instancePath+"/status",schemaPath:"https://contract.invalid/schemas/CompanyStatus/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(!((((((((data2 === "Active") || (data2 === "Inactive")) || (data2 === "In Liquidation")) || (data2 === "Dissolved")) || (data2 === "Bankrupt")) || (data2 === "Restructuring")) || (data2 === "Insolvency Proceeding")) || (data2 === "Relocated"))){
const err5 = {instancePath:instancePath+"/status",schemaPath:"https://contract.invalid/schemas/CompanyStatus/enum",keyword:"enum",params:{allowedValues: schema33.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.country !== undefined){
if(typeof data.country !== "string"){
const err6 = {instancePath:instancePath+"/country",schemaPath:"#/properties/country/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
else {
const err7 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
validate21.errors = vErrors;
return errors === 0;
}
validate21.evaluated = {"props":{"name":true,"registration_number":true,"status":true,"country":true},"dynamicProps":false,"dynamicItems":false};

exports.CompanySearchResult = validate22;
const schema34 = {"type":"object","description":"One company in a search result. The published table lists the fields and their types but not which are required or nullable: none is marked required here (see `x-unspecified`). The full company record is not shown beyond these fields.","properties":{"uuid":{"type":"string","format":"uuid"},"name":{"type":"string"},"country":{"type":"string","description":"Country of the company (for example AT, DE, CH). Format and bounds not shown."},"registration_number":{"type":"string","description":"Local registry number."},"status":{"$ref":"https://contract.invalid/schemas/CompanyStatus"}},"x-unspecified":["required","additionalProperties"],"$id":"https://contract.invalid/schemas/CompanySearchResult"};
const formats0 = /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;

function validate22(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/schemas/CompanySearchResult" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate22.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.uuid !== undefined){
let data0 = data.uuid;
if(typeof data0 === "string"){
if(!(formats0.test(data0))){
const err0 = {instancePath:instancePath+"/uuid",schemaPath:"#/properties/uuid/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
else {
const err1 = {instancePath:instancePath+"/uuid",schemaPath:"#/properties/uuid/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.name !== undefined){
if(typeof data.name !== "string"){
const err2 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.country !== undefined){
if(typeof data.country !== "string"){
const err3 = {instancePath:instancePath+"/country",schemaPath:"#/properties/country/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.registration_number !== undefined){
if(typeof data.registration_number !== "string"){
const err4 = {instancePath:instancePath+"/registration_number",schemaPath:"#/properties/registration_number/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.status !== undefined){
let data4 = data.status;
if(typeof data4 !== "string"){
const err5 = {instancePath:instancePath+"/status",schemaPath:"https://contract.invalid/schemas/CompanyStatus/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(!((((((((data4 === "Active") || (data4 === "Inactive")) || (data4 === "In Liquidation")) || (data4 === "Dissolved")) || (data4 === "Bankrupt")) || (data4 === "Restructuring")) || (data4 === "Insolvency Proceeding")) || (data4 === "Relocated"))){
const err6 = {instancePath:instancePath+"/status",schemaPath:"https://contract.invalid/schemas/CompanyStatus/enum",keyword:"enum",params:{allowedValues: schema33.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
else {
const err7 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
validate22.errors = vErrors;
return errors === 0;
}
validate22.evaluated = {"props":{"uuid":true,"name":true,"country":true,"registration_number":true,"status":true},"dynamicProps":false,"dynamicItems":false};

exports.CompanyStatus = validate23;

function validate23(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/schemas/CompanyStatus" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate23.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data !== "string"){
const err0 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(!((((((((data === "Active") || (data === "Inactive")) || (data === "In Liquidation")) || (data === "Dissolved")) || (data === "Bankrupt")) || (data === "Restructuring")) || (data === "Insolvency Proceeding")) || (data === "Relocated"))){
const err1 = {instancePath,schemaPath:"#/enum",keyword:"enum",params:{allowedValues: schema33.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate23.errors = vErrors;
return errors === 0;
}
validate23.evaluated = {"dynamicProps":false,"dynamicItems":false};

exports.Error = validate24;
const schema37 = {"type":"object","description":"Error body as published: a JSON object with a human-readable `error` message and a machine-readable `code`. The full list of codes is not shown in the published document; only `unauthorized` (401) and `forbidden` (403) are published.","required":["error","code"],"properties":{"error":{"type":"string","description":"Human-readable message.","x-string-role":"message"},"code":{"type":"string","description":"Machine-readable error code (published values `unauthorized`, `forbidden`; others not shown).","x-string-role":"code"}},"x-unspecified":["codes","additionalProperties"],"$id":"https://contract.invalid/schemas/Error"};

function validate24(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/schemas/Error" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate24.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.error === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.code === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.error !== undefined){
if(typeof data.error !== "string"){
const err2 = {instancePath:instancePath+"/error",schemaPath:"#/properties/error/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.code !== undefined){
if(typeof data.code !== "string"){
const err3 = {instancePath:instancePath+"/code",schemaPath:"#/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate24.errors = vErrors;
return errors === 0;
}
validate24.evaluated = {"props":{"error":true,"code":true},"dynamicProps":false,"dynamicItems":false};

exports.MonitoredCompany = validate25;
const schema38 = {"type":"object","description":"Monitored-company summary inside a watchdog. The published document lists the fields and their types only; required-ness is not shown (see `x-unspecified`). `status` is published as a plain string here, not as the company status enum.","properties":{"uuid":{"type":"string","format":"uuid"},"name":{"type":"string"},"registration_number":{"type":"string"},"country":{"type":"string"},"status":{"type":"string"}},"x-unspecified":["required","additionalProperties"],"$id":"https://contract.invalid/schemas/MonitoredCompany"};

function validate25(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/schemas/MonitoredCompany" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate25.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.uuid !== undefined){
let data0 = data.uuid;
if(typeof data0 === "string"){
if(!(formats0.test(data0))){
const err0 = {instancePath:instancePath+"/uuid",schemaPath:"#/properties/uuid/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
else {
const err1 = {instancePath:instancePath+"/uuid",schemaPath:"#/properties/uuid/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.name !== undefined){
if(typeof data.name !== "string"){
const err2 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.registration_number !== undefined){
if(typeof data.registration_number !== "string"){
const err3 = {instancePath:instancePath+"/registration_number",schemaPath:"#/properties/registration_number/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.country !== undefined){
if(typeof data.country !== "string"){
const err4 = {instancePath:instancePath+"/country",schemaPath:"#/properties/country/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.status !== undefined){
if(typeof data.status !== "string"){
const err5 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
else {
const err6 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
validate25.errors = vErrors;
return errors === 0;
}
validate25.evaluated = {"props":{"uuid":true,"name":true,"registration_number":true,"country":true,"status":true},"dynamicProps":false,"dynamicItems":false};

exports.MunicipalRole = validate26;
const schema39 = {"type":"string","description":"Current municipal role (`official_role` filter of the municipality list), as published.","enum":["mayor","municipal_councillor","municipal_office_director","municipal_official","vice_mayor"],"$id":"https://contract.invalid/schemas/MunicipalRole"};

function validate26(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/schemas/MunicipalRole" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate26.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data !== "string"){
const err0 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(!(((((data === "mayor") || (data === "municipal_councillor")) || (data === "municipal_office_director")) || (data === "municipal_official")) || (data === "vice_mayor"))){
const err1 = {instancePath,schemaPath:"#/enum",keyword:"enum",params:{allowedValues: schema39.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate26.errors = vErrors;
return errors === 0;
}
validate26.evaluated = {"dynamicProps":false,"dynamicItems":false};

exports.Municipality = validate27;
const schema40 = {"type":"object","description":"A current municipality with its current officials.","required":["uuid","country_code","official_code","name","status","status_display","company_count","officials","profile_url","budget_url"],"properties":{"uuid":{"type":"string","format":"uuid","readOnly":true},"country_code":{"type":"string","minLength":2,"maxLength":2,"pattern":"^[A-Z]{2}$","description":"ISO 3166-1 alpha-2 country code (two upper-case letters).","x-from-prose":{"words":"ISO 3166-1 alpha-2","keywords":["pattern","minLength"]}},"official_code":{"type":"string","maxLength":64,"description":"Official municipality code."},"name":{"type":"string","maxLength":255},"district_code":{"type":"string","maxLength":64},"district_name":{"type":"string","maxLength":255},"state_code":{"type":"string","maxLength":64,"description":"State or region code."},"state_name":{"type":"string","maxLength":255},"status":{"type":"string","readOnly":true,"description":"National municipality type code."},"status_display":{"type":"string","readOnly":true,"description":"Display text of status."},"nuts3_code":{"type":"string","maxLength":10},"lau_code":{"type":"string","maxLength":20},"population":{"type":["integer","null"],"minimum":0,"maximum":2147483647},"population_as_of":{"type":["string","null"],"format":"date","description":"Reference date of the latest imported population figure."},"reference_date":{"type":["string","null"],"format":"date","description":"Reference date of the official source data."},"company_count":{"type":"integer","readOnly":true},"officials":{"type":"array","readOnly":true,"description":"Current officials.","items":{"$ref":"https://contract.invalid/schemas/MunicipalityOfficial"}},"profile_url":{"type":"string","readOnly":true},"budget_url":{"type":"string","readOnly":true}},"x-unspecified":["additionalProperties"],"$id":"https://contract.invalid/schemas/Municipality"};
const formats6 = require("ajv-formats/dist/formats").fullFormats.date;
const pattern4 = new RegExp("^[A-Z]{2}$", "u");
const schema41 = {"type":"object","description":"A current official of a municipality.","required":["relationship_type","role","first_name","last_name","full_name","person_uuid","person_url","source_label","source_as_of","source_role"],"properties":{"relationship_type":{"$ref":"https://contract.invalid/schemas/RelationshipType"},"role":{"type":"string","readOnly":true},"first_name":{"type":"string","readOnly":true},"last_name":{"type":"string","readOnly":true},"full_name":{"type":"string","readOnly":true},"person_uuid":{"type":"string","format":"uuid","readOnly":true},"person_url":{"type":"string","readOnly":true},"work_email":{"type":["string","null"],"format":"email","maxLength":254,"description":"Work e-mail for this role."},"work_phone":{"type":["string","null"],"maxLength":50,"description":"Work phone for this role."},"start_date":{"type":["string","null"],"format":"date","description":"When the relationship began."},"source_url":{"type":["string","null"],"format":"uri","maxLength":200,"description":"Source of the relationship information."},"source_label":{"type":["string","null"],"readOnly":true},"source_as_of":{"type":["string","null"],"readOnly":true},"source_role":{"type":["string","null"],"readOnly":true},"verification_status":{"$ref":"https://contract.invalid/schemas/VerificationStatus"}},"x-unspecified":["additionalProperties"],"$id":"https://contract.invalid/schemas/MunicipalityOfficial"};
const schema42 = {"type":"string","description":"Relationship type of a person or company to another entity, as published (28 values).","enum":["shareholder","managing_director","board_of_directors","executive_board","supervisory_board","procurator","general_partner","limited_partner","signatory","liquidator","parent","subsidiary","predecessor","partner","supplier","customer","competitor","branch","association","auditor","employee","relocated_to","mayor","vice_mayor","municipal_office_director","municipal_councillor","municipal_official","other"],"$id":"https://contract.invalid/schemas/RelationshipType"};
const schema43 = {"type":"string","description":"Verification status of an official's relationship, as published.","enum":["unverified","verified","disputed","pending_review"],"$id":"https://contract.invalid/schemas/VerificationStatus"};
const formats12 = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
const formats16 = require("ajv-formats/dist/formats").fullFormats.uri;

function validate28(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/schemas/MunicipalityOfficial" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate28.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.relationship_type === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "relationship_type"},message:"must have required property '"+"relationship_type"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.role === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "role"},message:"must have required property '"+"role"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.first_name === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "first_name"},message:"must have required property '"+"first_name"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.last_name === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "last_name"},message:"must have required property '"+"last_name"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.full_name === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "full_name"},message:"must have required property '"+"full_name"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.person_uuid === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "person_uuid"},message:"must have required property '"+"person_uuid"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.person_url === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "person_url"},message:"must have required property '"+"person_url"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.source_label === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "source_label"},message:"must have required property '"+"source_label"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.source_as_of === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "source_as_of"},message:"must have required property '"+"source_as_of"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data.source_role === undefined){
const err9 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "source_role"},message:"must have required property '"+"source_role"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data.relationship_type !== undefined){
let data0 = data.relationship_type;
if(typeof data0 !== "string"){
const err10 = {instancePath:instancePath+"/relationship_type",schemaPath:"https://contract.invalid/schemas/RelationshipType/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(!((((((((((((((((((((((((((((data0 === "shareholder") || (data0 === "managing_director")) || (data0 === "board_of_directors")) || (data0 === "executive_board")) || (data0 === "supervisory_board")) || (data0 === "procurator")) || (data0 === "general_partner")) || (data0 === "limited_partner")) || (data0 === "signatory")) || (data0 === "liquidator")) || (data0 === "parent")) || (data0 === "subsidiary")) || (data0 === "predecessor")) || (data0 === "partner")) || (data0 === "supplier")) || (data0 === "customer")) || (data0 === "competitor")) || (data0 === "branch")) || (data0 === "association")) || (data0 === "auditor")) || (data0 === "employee")) || (data0 === "relocated_to")) || (data0 === "mayor")) || (data0 === "vice_mayor")) || (data0 === "municipal_office_director")) || (data0 === "municipal_councillor")) || (data0 === "municipal_official")) || (data0 === "other"))){
const err11 = {instancePath:instancePath+"/relationship_type",schemaPath:"https://contract.invalid/schemas/RelationshipType/enum",keyword:"enum",params:{allowedValues: schema42.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.role !== undefined){
if(typeof data.role !== "string"){
const err12 = {instancePath:instancePath+"/role",schemaPath:"#/properties/role/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.first_name !== undefined){
if(typeof data.first_name !== "string"){
const err13 = {instancePath:instancePath+"/first_name",schemaPath:"#/properties/first_name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.last_name !== undefined){
if(typeof data.last_name !== "string"){
const err14 = {instancePath:instancePath+"/last_name",schemaPath:"#/properties/last_name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.full_name !== undefined){
if(typeof data.full_name !== "string"){
const err15 = {instancePath:instancePath+"/full_name",schemaPath:"#/properties/full_name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.person_uuid !== undefined){
let data5 = data.person_uuid;
if(typeof data5 === "string"){
if(!(formats0.test(data5))){
const err16 = {instancePath:instancePath+"/person_uuid",schemaPath:"#/properties/person_uuid/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
else {
const err17 = {instancePath:instancePath+"/person_uuid",schemaPath:"#/properties/person_uuid/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.person_url !== undefined){
if(typeof data.person_url !== "string"){
const err18 = {instancePath:instancePath+"/person_url",schemaPath:"#/properties/person_url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.work_email !== undefined){
let data7 = data.work_email;
if((typeof data7 !== "string") && (data7 !== null)){
const err19 = {instancePath:instancePath+"/work_email",schemaPath:"#/properties/work_email/type",keyword:"type",params:{type: schema41.properties.work_email.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(typeof data7 === "string"){
if((data7.length > 254 && func1(data7) > 254)){
const err20 = {instancePath:instancePath+"/work_email",schemaPath:"#/properties/work_email/maxLength",keyword:"maxLength",params:{limit: 254},message:"must NOT have more than 254 characters"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(!(formats12.test(data7))){
const err21 = {instancePath:instancePath+"/work_email",schemaPath:"#/properties/work_email/format",keyword:"format",params:{format: "email"},message:"must match format \""+"email"+"\""};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
if(data.work_phone !== undefined){
let data8 = data.work_phone;
if((typeof data8 !== "string") && (data8 !== null)){
const err22 = {instancePath:instancePath+"/work_phone",schemaPath:"#/properties/work_phone/type",keyword:"type",params:{type: schema41.properties.work_phone.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(typeof data8 === "string"){
if((data8.length > 50 && func1(data8) > 50)){
const err23 = {instancePath:instancePath+"/work_phone",schemaPath:"#/properties/work_phone/maxLength",keyword:"maxLength",params:{limit: 50},message:"must NOT have more than 50 characters"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
}
if(data.start_date !== undefined){
let data9 = data.start_date;
if((typeof data9 !== "string") && (data9 !== null)){
const err24 = {instancePath:instancePath+"/start_date",schemaPath:"#/properties/start_date/type",keyword:"type",params:{type: schema41.properties.start_date.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(typeof data9 === "string"){
if(!(formats6.validate(data9))){
const err25 = {instancePath:instancePath+"/start_date",schemaPath:"#/properties/start_date/format",keyword:"format",params:{format: "date"},message:"must match format \""+"date"+"\""};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
if(data.source_url !== undefined){
let data10 = data.source_url;
if((typeof data10 !== "string") && (data10 !== null)){
const err26 = {instancePath:instancePath+"/source_url",schemaPath:"#/properties/source_url/type",keyword:"type",params:{type: schema41.properties.source_url.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(typeof data10 === "string"){
if((data10.length > 200 && func1(data10) > 200)){
const err27 = {instancePath:instancePath+"/source_url",schemaPath:"#/properties/source_url/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if(!(formats16(data10))){
const err28 = {instancePath:instancePath+"/source_url",schemaPath:"#/properties/source_url/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\""};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
if(data.source_label !== undefined){
let data11 = data.source_label;
if((typeof data11 !== "string") && (data11 !== null)){
const err29 = {instancePath:instancePath+"/source_label",schemaPath:"#/properties/source_label/type",keyword:"type",params:{type: schema41.properties.source_label.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data.source_as_of !== undefined){
let data12 = data.source_as_of;
if((typeof data12 !== "string") && (data12 !== null)){
const err30 = {instancePath:instancePath+"/source_as_of",schemaPath:"#/properties/source_as_of/type",keyword:"type",params:{type: schema41.properties.source_as_of.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data.source_role !== undefined){
let data13 = data.source_role;
if((typeof data13 !== "string") && (data13 !== null)){
const err31 = {instancePath:instancePath+"/source_role",schemaPath:"#/properties/source_role/type",keyword:"type",params:{type: schema41.properties.source_role.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data.verification_status !== undefined){
let data14 = data.verification_status;
if(typeof data14 !== "string"){
const err32 = {instancePath:instancePath+"/verification_status",schemaPath:"https://contract.invalid/schemas/VerificationStatus/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
if(!((((data14 === "unverified") || (data14 === "verified")) || (data14 === "disputed")) || (data14 === "pending_review"))){
const err33 = {instancePath:instancePath+"/verification_status",schemaPath:"https://contract.invalid/schemas/VerificationStatus/enum",keyword:"enum",params:{allowedValues: schema43.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
}
else {
const err34 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
validate28.errors = vErrors;
return errors === 0;
}
validate28.evaluated = {"props":{"relationship_type":true,"role":true,"first_name":true,"last_name":true,"full_name":true,"person_uuid":true,"person_url":true,"work_email":true,"work_phone":true,"start_date":true,"source_url":true,"source_label":true,"source_as_of":true,"source_role":true,"verification_status":true},"dynamicProps":false,"dynamicItems":false};


function validate27(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/schemas/Municipality" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate27.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.uuid === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "uuid"},message:"must have required property '"+"uuid"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.country_code === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "country_code"},message:"must have required property '"+"country_code"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.official_code === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "official_code"},message:"must have required property '"+"official_code"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.name === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.status === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.status_display === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "status_display"},message:"must have required property '"+"status_display"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.company_count === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "company_count"},message:"must have required property '"+"company_count"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.officials === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "officials"},message:"must have required property '"+"officials"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.profile_url === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "profile_url"},message:"must have required property '"+"profile_url"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data.budget_url === undefined){
const err9 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "budget_url"},message:"must have required property '"+"budget_url"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data.uuid !== undefined){
let data0 = data.uuid;
if(typeof data0 === "string"){
if(!(formats0.test(data0))){
const err10 = {instancePath:instancePath+"/uuid",schemaPath:"#/properties/uuid/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/uuid",schemaPath:"#/properties/uuid/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.country_code !== undefined){
let data1 = data.country_code;
if(typeof data1 === "string"){
if((data1.length > 2 && func1(data1) > 2)){
const err12 = {instancePath:instancePath+"/country_code",schemaPath:"#/properties/country_code/maxLength",keyword:"maxLength",params:{limit: 2},message:"must NOT have more than 2 characters"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if((data1.length < 2 || func1(data1) < 2)){
const err13 = {instancePath:instancePath+"/country_code",schemaPath:"#/properties/country_code/minLength",keyword:"minLength",params:{limit: 2},message:"must NOT have fewer than 2 characters"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(!pattern4.test(data1)){
const err14 = {instancePath:instancePath+"/country_code",schemaPath:"#/properties/country_code/pattern",keyword:"pattern",params:{pattern: "^[A-Z]{2}$"},message:"must match pattern \""+"^[A-Z]{2}$"+"\""};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/country_code",schemaPath:"#/properties/country_code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.official_code !== undefined){
let data2 = data.official_code;
if(typeof data2 === "string"){
if((data2.length > 64 && func1(data2) > 64)){
const err16 = {instancePath:instancePath+"/official_code",schemaPath:"#/properties/official_code/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
else {
const err17 = {instancePath:instancePath+"/official_code",schemaPath:"#/properties/official_code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.name !== undefined){
let data3 = data.name;
if(typeof data3 === "string"){
if((data3.length > 255 && func1(data3) > 255)){
const err18 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
else {
const err19 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.district_code !== undefined){
let data4 = data.district_code;
if(typeof data4 === "string"){
if((data4.length > 64 && func1(data4) > 64)){
const err20 = {instancePath:instancePath+"/district_code",schemaPath:"#/properties/district_code/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
else {
const err21 = {instancePath:instancePath+"/district_code",schemaPath:"#/properties/district_code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.district_name !== undefined){
let data5 = data.district_name;
if(typeof data5 === "string"){
if((data5.length > 255 && func1(data5) > 255)){
const err22 = {instancePath:instancePath+"/district_name",schemaPath:"#/properties/district_name/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
else {
const err23 = {instancePath:instancePath+"/district_name",schemaPath:"#/properties/district_name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data.state_code !== undefined){
let data6 = data.state_code;
if(typeof data6 === "string"){
if((data6.length > 64 && func1(data6) > 64)){
const err24 = {instancePath:instancePath+"/state_code",schemaPath:"#/properties/state_code/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
else {
const err25 = {instancePath:instancePath+"/state_code",schemaPath:"#/properties/state_code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data.state_name !== undefined){
let data7 = data.state_name;
if(typeof data7 === "string"){
if((data7.length > 255 && func1(data7) > 255)){
const err26 = {instancePath:instancePath+"/state_name",schemaPath:"#/properties/state_name/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
else {
const err27 = {instancePath:instancePath+"/state_name",schemaPath:"#/properties/state_name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data.status !== undefined){
if(typeof data.status !== "string"){
const err28 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data.status_display !== undefined){
if(typeof data.status_display !== "string"){
const err29 = {instancePath:instancePath+"/status_display",schemaPath:"#/properties/status_display/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data.nuts3_code !== undefined){
let data10 = data.nuts3_code;
if(typeof data10 === "string"){
if((data10.length > 10 && func1(data10) > 10)){
const err30 = {instancePath:instancePath+"/nuts3_code",schemaPath:"#/properties/nuts3_code/maxLength",keyword:"maxLength",params:{limit: 10},message:"must NOT have more than 10 characters"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
else {
const err31 = {instancePath:instancePath+"/nuts3_code",schemaPath:"#/properties/nuts3_code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data.lau_code !== undefined){
let data11 = data.lau_code;
if(typeof data11 === "string"){
if((data11.length > 20 && func1(data11) > 20)){
const err32 = {instancePath:instancePath+"/lau_code",schemaPath:"#/properties/lau_code/maxLength",keyword:"maxLength",params:{limit: 20},message:"must NOT have more than 20 characters"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
else {
const err33 = {instancePath:instancePath+"/lau_code",schemaPath:"#/properties/lau_code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data.population !== undefined){
let data12 = data.population;
if((!(((typeof data12 == "number") && (!(data12 % 1) && !isNaN(data12))) && (isFinite(data12)))) && (data12 !== null)){
const err34 = {instancePath:instancePath+"/population",schemaPath:"#/properties/population/type",keyword:"type",params:{type: schema40.properties.population.type},message:"must be integer,null"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if((typeof data12 == "number") && (isFinite(data12))){
if(data12 > 2147483647 || isNaN(data12)){
const err35 = {instancePath:instancePath+"/population",schemaPath:"#/properties/population/maximum",keyword:"maximum",params:{comparison: "<=", limit: 2147483647},message:"must be <= 2147483647"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if(data12 < 0 || isNaN(data12)){
const err36 = {instancePath:instancePath+"/population",schemaPath:"#/properties/population/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
}
if(data.population_as_of !== undefined){
let data13 = data.population_as_of;
if((typeof data13 !== "string") && (data13 !== null)){
const err37 = {instancePath:instancePath+"/population_as_of",schemaPath:"#/properties/population_as_of/type",keyword:"type",params:{type: schema40.properties.population_as_of.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
if(typeof data13 === "string"){
if(!(formats6.validate(data13))){
const err38 = {instancePath:instancePath+"/population_as_of",schemaPath:"#/properties/population_as_of/format",keyword:"format",params:{format: "date"},message:"must match format \""+"date"+"\""};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
}
if(data.reference_date !== undefined){
let data14 = data.reference_date;
if((typeof data14 !== "string") && (data14 !== null)){
const err39 = {instancePath:instancePath+"/reference_date",schemaPath:"#/properties/reference_date/type",keyword:"type",params:{type: schema40.properties.reference_date.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
if(typeof data14 === "string"){
if(!(formats6.validate(data14))){
const err40 = {instancePath:instancePath+"/reference_date",schemaPath:"#/properties/reference_date/format",keyword:"format",params:{format: "date"},message:"must match format \""+"date"+"\""};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
}
if(data.company_count !== undefined){
let data15 = data.company_count;
if(!(((typeof data15 == "number") && (!(data15 % 1) && !isNaN(data15))) && (isFinite(data15)))){
const err41 = {instancePath:instancePath+"/company_count",schemaPath:"#/properties/company_count/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data.officials !== undefined){
let data16 = data.officials;
if(Array.isArray(data16)){
const len0 = data16.length;
for(let i0=0; i0<len0; i0++){
if(!(validate28(data16[i0], {instancePath:instancePath+"/officials/" + i0,parentData:data16,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate28.errors : vErrors.concat(validate28.errors);
errors = vErrors.length;
}
}
}
else {
const err42 = {instancePath:instancePath+"/officials",schemaPath:"#/properties/officials/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data.profile_url !== undefined){
if(typeof data.profile_url !== "string"){
const err43 = {instancePath:instancePath+"/profile_url",schemaPath:"#/properties/profile_url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data.budget_url !== undefined){
if(typeof data.budget_url !== "string"){
const err44 = {instancePath:instancePath+"/budget_url",schemaPath:"#/properties/budget_url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
}
else {
const err45 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
validate27.errors = vErrors;
return errors === 0;
}
validate27.evaluated = {"props":{"uuid":true,"country_code":true,"official_code":true,"name":true,"district_code":true,"district_name":true,"state_code":true,"state_name":true,"status":true,"status_display":true,"nuts3_code":true,"lau_code":true,"population":true,"population_as_of":true,"reference_date":true,"company_count":true,"officials":true,"profile_url":true,"budget_url":true},"dynamicProps":false,"dynamicItems":false};

exports.MunicipalityOfficial = validate28;

exports.PaginatedCompanySearchResultList = validate30;
const schema44 = {"type":"object","description":"Paginated list envelope with company search result items. Page size and maximum page size are not shown in the published document.","required":["count","results"],"properties":{"count":{"type":"integer","description":"Total number of items across all pages."},"next":{"type":["string","null"],"format":"uri","description":"URL of the next page."},"previous":{"type":["string","null"],"format":"uri","description":"URL of the previous page."},"results":{"type":"array","items":{"$ref":"https://contract.invalid/schemas/CompanySearchResult"}}},"x-unspecified":["page_size","additionalProperties"],"$id":"https://contract.invalid/schemas/PaginatedCompanySearchResultList"};

function validate30(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/schemas/PaginatedCompanySearchResultList" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate30.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.count === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "count"},message:"must have required property '"+"count"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.results === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "results"},message:"must have required property '"+"results"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.count !== undefined){
let data0 = data.count;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err2 = {instancePath:instancePath+"/count",schemaPath:"#/properties/count/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.next !== undefined){
let data1 = data.next;
if((typeof data1 !== "string") && (data1 !== null)){
const err3 = {instancePath:instancePath+"/next",schemaPath:"#/properties/next/type",keyword:"type",params:{type: schema44.properties.next.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(typeof data1 === "string"){
if(!(formats16(data1))){
const err4 = {instancePath:instancePath+"/next",schemaPath:"#/properties/next/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\""};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
}
if(data.previous !== undefined){
let data2 = data.previous;
if((typeof data2 !== "string") && (data2 !== null)){
const err5 = {instancePath:instancePath+"/previous",schemaPath:"#/properties/previous/type",keyword:"type",params:{type: schema44.properties.previous.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(typeof data2 === "string"){
if(!(formats16(data2))){
const err6 = {instancePath:instancePath+"/previous",schemaPath:"#/properties/previous/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\""};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
if(data.results !== undefined){
let data3 = data.results;
if(Array.isArray(data3)){
const len0 = data3.length;
for(let i0=0; i0<len0; i0++){
if(!(validate22(data3[i0], {instancePath:instancePath+"/results/" + i0,parentData:data3,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate22.errors : vErrors.concat(validate22.errors);
errors = vErrors.length;
}
}
}
else {
const err7 = {instancePath:instancePath+"/results",schemaPath:"#/properties/results/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
validate30.errors = vErrors;
return errors === 0;
}
validate30.evaluated = {"props":{"count":true,"next":true,"previous":true,"results":true},"dynamicProps":false,"dynamicItems":false};

exports.PaginatedMunicipalityList = validate32;
const schema45 = {"type":"object","description":"Paginated list envelope with municipality items. Page size and maximum page size are not shown in the published document.","required":["count","results"],"properties":{"count":{"type":"integer","description":"Total number of items across all pages."},"next":{"type":["string","null"],"format":"uri","description":"URL of the next page."},"previous":{"type":["string","null"],"format":"uri","description":"URL of the previous page."},"results":{"type":"array","items":{"$ref":"https://contract.invalid/schemas/Municipality"}}},"x-unspecified":["page_size","additionalProperties"],"$id":"https://contract.invalid/schemas/PaginatedMunicipalityList"};

function validate32(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/schemas/PaginatedMunicipalityList" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate32.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.count === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "count"},message:"must have required property '"+"count"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.results === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "results"},message:"must have required property '"+"results"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.count !== undefined){
let data0 = data.count;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err2 = {instancePath:instancePath+"/count",schemaPath:"#/properties/count/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.next !== undefined){
let data1 = data.next;
if((typeof data1 !== "string") && (data1 !== null)){
const err3 = {instancePath:instancePath+"/next",schemaPath:"#/properties/next/type",keyword:"type",params:{type: schema45.properties.next.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(typeof data1 === "string"){
if(!(formats16(data1))){
const err4 = {instancePath:instancePath+"/next",schemaPath:"#/properties/next/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\""};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
}
if(data.previous !== undefined){
let data2 = data.previous;
if((typeof data2 !== "string") && (data2 !== null)){
const err5 = {instancePath:instancePath+"/previous",schemaPath:"#/properties/previous/type",keyword:"type",params:{type: schema45.properties.previous.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(typeof data2 === "string"){
if(!(formats16(data2))){
const err6 = {instancePath:instancePath+"/previous",schemaPath:"#/properties/previous/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\""};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
if(data.results !== undefined){
let data3 = data.results;
if(Array.isArray(data3)){
const len0 = data3.length;
for(let i0=0; i0<len0; i0++){
if(!(validate27(data3[i0], {instancePath:instancePath+"/results/" + i0,parentData:data3,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate27.errors : vErrors.concat(validate27.errors);
errors = vErrors.length;
}
}
}
else {
const err7 = {instancePath:instancePath+"/results",schemaPath:"#/properties/results/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
validate32.errors = vErrors;
return errors === 0;
}
validate32.evaluated = {"props":{"count":true,"next":true,"previous":true,"results":true},"dynamicProps":false,"dynamicItems":false};

exports.PatchedWatchdogRequest = validate34;
const schema46 = {"type":"object","description":"Watchdog update body; all fields are optional, as published.","properties":{"name":{"type":"string","maxLength":200},"prompt":{"type":"string"},"companies":{"type":"array","x-references":{"resource":"company","key":"uuid","listedBy":"companiesSearch"},"items":{"type":"string","format":"uuid"}},"tags":{"type":"array","x-references":{"resource":"tag","key":"uuid"},"items":{"type":"string","format":"uuid"}},"is_active":{"type":"boolean"}},"x-unspecified":["additionalProperties"],"$id":"https://contract.invalid/schemas/PatchedWatchdogRequest"};

function validate34(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/schemas/PatchedWatchdogRequest" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate34.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name !== undefined){
let data0 = data.name;
if(typeof data0 === "string"){
if((data0.length > 200 && func1(data0) > 200)){
const err0 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
else {
const err1 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.prompt !== undefined){
if(typeof data.prompt !== "string"){
const err2 = {instancePath:instancePath+"/prompt",schemaPath:"#/properties/prompt/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.companies !== undefined){
let data2 = data.companies;
if(Array.isArray(data2)){
const len0 = data2.length;
for(let i0=0; i0<len0; i0++){
let data3 = data2[i0];
if(typeof data3 === "string"){
if(!(formats0.test(data3))){
const err3 = {instancePath:instancePath+"/companies/" + i0,schemaPath:"#/properties/companies/items/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/companies/" + i0,schemaPath:"#/properties/companies/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
}
else {
const err5 = {instancePath:instancePath+"/companies",schemaPath:"#/properties/companies/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.tags !== undefined){
let data4 = data.tags;
if(Array.isArray(data4)){
const len1 = data4.length;
for(let i1=0; i1<len1; i1++){
let data5 = data4[i1];
if(typeof data5 === "string"){
if(!(formats0.test(data5))){
const err6 = {instancePath:instancePath+"/tags/" + i1,schemaPath:"#/properties/tags/items/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/tags/" + i1,schemaPath:"#/properties/tags/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath:instancePath+"/tags",schemaPath:"#/properties/tags/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.is_active !== undefined){
if(typeof data.is_active !== "boolean"){
const err9 = {instancePath:instancePath+"/is_active",schemaPath:"#/properties/is_active/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
else {
const err10 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
validate34.errors = vErrors;
return errors === 0;
}
validate34.evaluated = {"props":{"name":true,"prompt":true,"companies":true,"tags":true,"is_active":true},"dynamicProps":false,"dynamicItems":false};

exports.RelationshipType = validate35;

function validate35(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/schemas/RelationshipType" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate35.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data !== "string"){
const err0 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(!((((((((((((((((((((((((((((data === "shareholder") || (data === "managing_director")) || (data === "board_of_directors")) || (data === "executive_board")) || (data === "supervisory_board")) || (data === "procurator")) || (data === "general_partner")) || (data === "limited_partner")) || (data === "signatory")) || (data === "liquidator")) || (data === "parent")) || (data === "subsidiary")) || (data === "predecessor")) || (data === "partner")) || (data === "supplier")) || (data === "customer")) || (data === "competitor")) || (data === "branch")) || (data === "association")) || (data === "auditor")) || (data === "employee")) || (data === "relocated_to")) || (data === "mayor")) || (data === "vice_mayor")) || (data === "municipal_office_director")) || (data === "municipal_councillor")) || (data === "municipal_official")) || (data === "other"))){
const err1 = {instancePath,schemaPath:"#/enum",keyword:"enum",params:{allowedValues: schema42.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate35.errors = vErrors;
return errors === 0;
}
validate35.evaluated = {"dynamicProps":false,"dynamicItems":false};

exports.VerificationStatus = validate36;

function validate36(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/schemas/VerificationStatus" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate36.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data !== "string"){
const err0 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(!((((data === "unverified") || (data === "verified")) || (data === "disputed")) || (data === "pending_review"))){
const err1 = {instancePath,schemaPath:"#/enum",keyword:"enum",params:{allowedValues: schema43.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate36.errors = vErrors;
return errors === 0;
}
validate36.evaluated = {"dynamicProps":false,"dynamicItems":false};

exports.Watchdog = validate37;
const schema49 = {"type":"object","description":"A named monitoring definition over companies and tags.","required":["uuid","name","prompt","monitored_company_count","monitored_companies","last_signal","created_at","updated_at"],"properties":{"uuid":{"type":"string","format":"uuid"},"name":{"type":"string","maxLength":200},"prompt":{"type":"string","description":"Natural-language description of what to monitor."},"monitored_company_count":{"type":"integer"},"monitored_companies":{"type":"array","items":{"$ref":"https://contract.invalid/schemas/MonitoredCompany"}},"last_signal":{"type":"object","description":"Not specified: the published document shows this field only as an object. It is modelled as an open object; no property of it is a rule.","x-unspecified":true},"created_at":{"type":"string","format":"date-time"},"updated_at":{"type":"string","format":"date-time"},"companies":{"type":"array","items":{"type":"string","format":"uuid"}},"tags":{"type":"array","items":{"type":"string","format":"uuid"}},"is_active":{"type":"boolean","description":"Whether the watchdog is active. Not specified: its transitions, and the effect of the activate and deactivate operations on it.","x-unspecified":["transitions"]}},"x-unspecified":["additionalProperties"],"$id":"https://contract.invalid/schemas/Watchdog"};
const formats34 = require("ajv-formats/dist/formats").fullFormats["date-time"];

function validate37(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/schemas/Watchdog" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate37.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.uuid === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "uuid"},message:"must have required property '"+"uuid"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.name === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.prompt === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "prompt"},message:"must have required property '"+"prompt"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.monitored_company_count === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "monitored_company_count"},message:"must have required property '"+"monitored_company_count"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.monitored_companies === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "monitored_companies"},message:"must have required property '"+"monitored_companies"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.last_signal === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "last_signal"},message:"must have required property '"+"last_signal"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.created_at === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "created_at"},message:"must have required property '"+"created_at"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.updated_at === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "updated_at"},message:"must have required property '"+"updated_at"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.uuid !== undefined){
let data0 = data.uuid;
if(typeof data0 === "string"){
if(!(formats0.test(data0))){
const err8 = {instancePath:instancePath+"/uuid",schemaPath:"#/properties/uuid/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/uuid",schemaPath:"#/properties/uuid/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 === "string"){
if((data1.length > 200 && func1(data1) > 200)){
const err10 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.prompt !== undefined){
if(typeof data.prompt !== "string"){
const err12 = {instancePath:instancePath+"/prompt",schemaPath:"#/properties/prompt/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.monitored_company_count !== undefined){
let data3 = data.monitored_company_count;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err13 = {instancePath:instancePath+"/monitored_company_count",schemaPath:"#/properties/monitored_company_count/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.monitored_companies !== undefined){
let data4 = data.monitored_companies;
if(Array.isArray(data4)){
const len0 = data4.length;
for(let i0=0; i0<len0; i0++){
let data5 = data4[i0];
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
if(data5.uuid !== undefined){
let data6 = data5.uuid;
if(typeof data6 === "string"){
if(!(formats0.test(data6))){
const err14 = {instancePath:instancePath+"/monitored_companies/" + i0+"/uuid",schemaPath:"https://contract.invalid/schemas/MonitoredCompany/properties/uuid/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/monitored_companies/" + i0+"/uuid",schemaPath:"https://contract.invalid/schemas/MonitoredCompany/properties/uuid/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data5.name !== undefined){
if(typeof data5.name !== "string"){
const err16 = {instancePath:instancePath+"/monitored_companies/" + i0+"/name",schemaPath:"https://contract.invalid/schemas/MonitoredCompany/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data5.registration_number !== undefined){
if(typeof data5.registration_number !== "string"){
const err17 = {instancePath:instancePath+"/monitored_companies/" + i0+"/registration_number",schemaPath:"https://contract.invalid/schemas/MonitoredCompany/properties/registration_number/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data5.country !== undefined){
if(typeof data5.country !== "string"){
const err18 = {instancePath:instancePath+"/monitored_companies/" + i0+"/country",schemaPath:"https://contract.invalid/schemas/MonitoredCompany/properties/country/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data5.status !== undefined){
if(typeof data5.status !== "string"){
const err19 = {instancePath:instancePath+"/monitored_companies/" + i0+"/status",schemaPath:"https://contract.invalid/schemas/MonitoredCompany/properties/status/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
}
else {
const err20 = {instancePath:instancePath+"/monitored_companies/" + i0,schemaPath:"https://contract.invalid/schemas/MonitoredCompany/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
}
else {
const err21 = {instancePath:instancePath+"/monitored_companies",schemaPath:"#/properties/monitored_companies/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.last_signal !== undefined){
let data11 = data.last_signal;
if(!(data11 && typeof data11 == "object" && !Array.isArray(data11))){
const err22 = {instancePath:instancePath+"/last_signal",schemaPath:"#/properties/last_signal/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.created_at !== undefined){
let data12 = data.created_at;
if(typeof data12 === "string"){
if(!(formats34.validate(data12))){
const err23 = {instancePath:instancePath+"/created_at",schemaPath:"#/properties/created_at/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
else {
const err24 = {instancePath:instancePath+"/created_at",schemaPath:"#/properties/created_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data.updated_at !== undefined){
let data13 = data.updated_at;
if(typeof data13 === "string"){
if(!(formats34.validate(data13))){
const err25 = {instancePath:instancePath+"/updated_at",schemaPath:"#/properties/updated_at/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
else {
const err26 = {instancePath:instancePath+"/updated_at",schemaPath:"#/properties/updated_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data.companies !== undefined){
let data14 = data.companies;
if(Array.isArray(data14)){
const len1 = data14.length;
for(let i1=0; i1<len1; i1++){
let data15 = data14[i1];
if(typeof data15 === "string"){
if(!(formats0.test(data15))){
const err27 = {instancePath:instancePath+"/companies/" + i1,schemaPath:"#/properties/companies/items/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
else {
const err28 = {instancePath:instancePath+"/companies/" + i1,schemaPath:"#/properties/companies/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
else {
const err29 = {instancePath:instancePath+"/companies",schemaPath:"#/properties/companies/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data.tags !== undefined){
let data16 = data.tags;
if(Array.isArray(data16)){
const len2 = data16.length;
for(let i2=0; i2<len2; i2++){
let data17 = data16[i2];
if(typeof data17 === "string"){
if(!(formats0.test(data17))){
const err30 = {instancePath:instancePath+"/tags/" + i2,schemaPath:"#/properties/tags/items/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
else {
const err31 = {instancePath:instancePath+"/tags/" + i2,schemaPath:"#/properties/tags/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
}
else {
const err32 = {instancePath:instancePath+"/tags",schemaPath:"#/properties/tags/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data.is_active !== undefined){
if(typeof data.is_active !== "boolean"){
const err33 = {instancePath:instancePath+"/is_active",schemaPath:"#/properties/is_active/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
}
else {
const err34 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
validate37.errors = vErrors;
return errors === 0;
}
validate37.evaluated = {"props":{"uuid":true,"name":true,"prompt":true,"monitored_company_count":true,"monitored_companies":true,"last_signal":true,"created_at":true,"updated_at":true,"companies":true,"tags":true,"is_active":true},"dynamicProps":false,"dynamicItems":false};

exports.WatchdogActivateRequest = validate38;
const schema51 = {"type":"object","description":"Activate body: the same fields as the create body. Not specified: which of them are required for activate is not shown, so none is required here; clients that want to be safe send `name` and `prompt` as for create.","properties":{"name":{"type":"string","maxLength":200},"prompt":{"type":"string"},"companies":{"type":"array","x-references":{"resource":"company","key":"uuid","listedBy":"companiesSearch"},"items":{"type":"string","format":"uuid"}},"tags":{"type":"array","x-references":{"resource":"tag","key":"uuid"},"items":{"type":"string","format":"uuid"}},"is_active":{"type":"boolean"}},"x-unspecified":["required","additionalProperties"],"$id":"https://contract.invalid/schemas/WatchdogActivateRequest"};

function validate38(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/schemas/WatchdogActivateRequest" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate38.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name !== undefined){
let data0 = data.name;
if(typeof data0 === "string"){
if((data0.length > 200 && func1(data0) > 200)){
const err0 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
else {
const err1 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.prompt !== undefined){
if(typeof data.prompt !== "string"){
const err2 = {instancePath:instancePath+"/prompt",schemaPath:"#/properties/prompt/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.companies !== undefined){
let data2 = data.companies;
if(Array.isArray(data2)){
const len0 = data2.length;
for(let i0=0; i0<len0; i0++){
let data3 = data2[i0];
if(typeof data3 === "string"){
if(!(formats0.test(data3))){
const err3 = {instancePath:instancePath+"/companies/" + i0,schemaPath:"#/properties/companies/items/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/companies/" + i0,schemaPath:"#/properties/companies/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
}
else {
const err5 = {instancePath:instancePath+"/companies",schemaPath:"#/properties/companies/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.tags !== undefined){
let data4 = data.tags;
if(Array.isArray(data4)){
const len1 = data4.length;
for(let i1=0; i1<len1; i1++){
let data5 = data4[i1];
if(typeof data5 === "string"){
if(!(formats0.test(data5))){
const err6 = {instancePath:instancePath+"/tags/" + i1,schemaPath:"#/properties/tags/items/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/tags/" + i1,schemaPath:"#/properties/tags/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath:instancePath+"/tags",schemaPath:"#/properties/tags/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.is_active !== undefined){
if(typeof data.is_active !== "boolean"){
const err9 = {instancePath:instancePath+"/is_active",schemaPath:"#/properties/is_active/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
else {
const err10 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
validate38.errors = vErrors;
return errors === 0;
}
validate38.evaluated = {"props":{"name":true,"prompt":true,"companies":true,"tags":true,"is_active":true},"dynamicProps":false,"dynamicItems":false};

exports.WatchdogRequest = validate39;
const schema52 = {"type":"object","description":"Watchdog body of create and deactivate, as published (name and prompt required).","required":["name","prompt"],"properties":{"name":{"type":"string","maxLength":200},"prompt":{"type":"string"},"companies":{"type":"array","x-references":{"resource":"company","key":"uuid","listedBy":"companiesSearch"},"items":{"type":"string","format":"uuid"}},"tags":{"type":"array","x-references":{"resource":"tag","key":"uuid"},"items":{"type":"string","format":"uuid"}},"is_active":{"type":"boolean"}},"x-unspecified":["additionalProperties"],"$id":"https://contract.invalid/schemas/WatchdogRequest"};

function validate39(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/schemas/WatchdogRequest" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate39.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.prompt === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "prompt"},message:"must have required property '"+"prompt"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.name !== undefined){
let data0 = data.name;
if(typeof data0 === "string"){
if((data0.length > 200 && func1(data0) > 200)){
const err2 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.prompt !== undefined){
if(typeof data.prompt !== "string"){
const err4 = {instancePath:instancePath+"/prompt",schemaPath:"#/properties/prompt/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.companies !== undefined){
let data2 = data.companies;
if(Array.isArray(data2)){
const len0 = data2.length;
for(let i0=0; i0<len0; i0++){
let data3 = data2[i0];
if(typeof data3 === "string"){
if(!(formats0.test(data3))){
const err5 = {instancePath:instancePath+"/companies/" + i0,schemaPath:"#/properties/companies/items/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/companies/" + i0,schemaPath:"#/properties/companies/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
else {
const err7 = {instancePath:instancePath+"/companies",schemaPath:"#/properties/companies/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.tags !== undefined){
let data4 = data.tags;
if(Array.isArray(data4)){
const len1 = data4.length;
for(let i1=0; i1<len1; i1++){
let data5 = data4[i1];
if(typeof data5 === "string"){
if(!(formats0.test(data5))){
const err8 = {instancePath:instancePath+"/tags/" + i1,schemaPath:"#/properties/tags/items/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/tags/" + i1,schemaPath:"#/properties/tags/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
else {
const err10 = {instancePath:instancePath+"/tags",schemaPath:"#/properties/tags/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.is_active !== undefined){
if(typeof data.is_active !== "boolean"){
const err11 = {instancePath:instancePath+"/is_active",schemaPath:"#/properties/is_active/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
else {
const err12 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
validate39.errors = vErrors;
return errors === 0;
}
validate39.evaluated = {"props":{"name":true,"prompt":true,"companies":true,"tags":true,"is_active":true},"dynamicProps":false,"dynamicItems":false};

exports.WatchdogSubscriptionRequest = validate40;
const schema53 = {"type":"object","description":"Companies and tags to add (subscribe) or remove (unsubscribe). Not specified: which fields are required is not shown, so none is required here.","properties":{"companies":{"type":"array","description":"Company UUIDs.","x-references":{"resource":"company","key":"uuid","listedBy":"companiesSearch"},"items":{"type":"string","format":"uuid"}},"tags":{"type":"array","description":"Tag UUIDs.","x-references":{"resource":"tag","key":"uuid"},"items":{"type":"string","format":"uuid"}}},"x-unspecified":["required","additionalProperties"],"$id":"https://contract.invalid/schemas/WatchdogSubscriptionRequest"};

function validate40(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/schemas/WatchdogSubscriptionRequest" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate40.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.companies !== undefined){
let data0 = data.companies;
if(Array.isArray(data0)){
const len0 = data0.length;
for(let i0=0; i0<len0; i0++){
let data1 = data0[i0];
if(typeof data1 === "string"){
if(!(formats0.test(data1))){
const err0 = {instancePath:instancePath+"/companies/" + i0,schemaPath:"#/properties/companies/items/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
else {
const err1 = {instancePath:instancePath+"/companies/" + i0,schemaPath:"#/properties/companies/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
}
else {
const err2 = {instancePath:instancePath+"/companies",schemaPath:"#/properties/companies/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.tags !== undefined){
let data2 = data.tags;
if(Array.isArray(data2)){
const len1 = data2.length;
for(let i1=0; i1<len1; i1++){
let data3 = data2[i1];
if(typeof data3 === "string"){
if(!(formats0.test(data3))){
const err3 = {instancePath:instancePath+"/tags/" + i1,schemaPath:"#/properties/tags/items/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/tags/" + i1,schemaPath:"#/properties/tags/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
}
else {
const err5 = {instancePath:instancePath+"/tags",schemaPath:"#/properties/tags/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
else {
const err6 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
validate40.errors = vErrors;
return errors === 0;
}
validate40.evaluated = {"props":{"companies":true,"tags":true},"dynamicProps":false,"dynamicItems":false};

exports.companiesSearch_param_query_page = validate41;
const schema54 = {"type":"integer","$id":"https://contract.invalid/bodies/companiesSearch_param_query_page"};

function validate41(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/companiesSearch_param_query_page" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate41.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(!(((typeof data == "number") && (!(data % 1) && !isNaN(data))) && (isFinite(data)))){
const err0 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
validate41.errors = vErrors;
return errors === 0;
}
validate41.evaluated = {"dynamicProps":false,"dynamicItems":false};

exports.companiesSearch_param_query_status = validate42;
const schema55 = {"type":"array","items":{"$ref":"https://contract.invalid/schemas/CompanyStatus"},"$id":"https://contract.invalid/bodies/companiesSearch_param_query_status"};

function validate42(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/companiesSearch_param_query_status" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate42.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(Array.isArray(data)){
const len0 = data.length;
for(let i0=0; i0<len0; i0++){
let data0 = data[i0];
if(typeof data0 !== "string"){
const err0 = {instancePath:instancePath+"/" + i0,schemaPath:"https://contract.invalid/schemas/CompanyStatus/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(!((((((((data0 === "Active") || (data0 === "Inactive")) || (data0 === "In Liquidation")) || (data0 === "Dissolved")) || (data0 === "Bankrupt")) || (data0 === "Restructuring")) || (data0 === "Insolvency Proceeding")) || (data0 === "Relocated"))){
const err1 = {instancePath:instancePath+"/" + i0,schemaPath:"https://contract.invalid/schemas/CompanyStatus/enum",keyword:"enum",params:{allowedValues: schema33.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
}
else {
const err2 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
validate42.errors = vErrors;
return errors === 0;
}
validate42.evaluated = {"items":true,"dynamicProps":false,"dynamicItems":false};

exports.companiesSearch_request_json = validate43;
const schema57 = {"$ref":"https://contract.invalid/schemas/CompanySearchRequest","$id":"https://contract.invalid/bodies/companiesSearch_request_json"};

function validate43(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/companiesSearch_request_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate43.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(!(validate21(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate21.errors : vErrors.concat(validate21.errors);
errors = vErrors.length;
}
validate43.errors = vErrors;
return errors === 0;
}
validate43.evaluated = {"props":{"name":true,"registration_number":true,"status":true,"country":true},"dynamicProps":false,"dynamicItems":false};

exports.companiesSearch_request_form_urlencoded = validate45;
const schema58 = {"$ref":"https://contract.invalid/schemas/CompanySearchRequest","$id":"https://contract.invalid/bodies/companiesSearch_request_form_urlencoded"};

function validate45(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/companiesSearch_request_form_urlencoded" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate45.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(!(validate21(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate21.errors : vErrors.concat(validate21.errors);
errors = vErrors.length;
}
validate45.errors = vErrors;
return errors === 0;
}
validate45.evaluated = {"props":{"name":true,"registration_number":true,"status":true,"country":true},"dynamicProps":false,"dynamicItems":false};

exports.companiesSearch_request_form_data = validate47;
const schema59 = {"$ref":"https://contract.invalid/schemas/CompanySearchRequest","$id":"https://contract.invalid/bodies/companiesSearch_request_form_data"};

function validate47(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/companiesSearch_request_form_data" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate47.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(!(validate21(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate21.errors : vErrors.concat(validate21.errors);
errors = vErrors.length;
}
validate47.errors = vErrors;
return errors === 0;
}
validate47.evaluated = {"props":{"name":true,"registration_number":true,"status":true,"country":true},"dynamicProps":false,"dynamicItems":false};

exports.companiesSearch_200_json = validate49;
const schema60 = {"$ref":"https://contract.invalid/schemas/PaginatedCompanySearchResultList","$id":"https://contract.invalid/bodies/companiesSearch_200_json"};

function validate49(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/companiesSearch_200_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate49.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(!(validate30(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate30.errors : vErrors.concat(validate30.errors);
errors = vErrors.length;
}
validate49.errors = vErrors;
return errors === 0;
}
validate49.evaluated = {"props":{"count":true,"next":true,"previous":true,"results":true},"dynamicProps":false,"dynamicItems":false};

exports.companiesSearch_400_json = validate51;
const schema61 = {"$ref":"https://contract.invalid/schemas/Error","$id":"https://contract.invalid/bodies/companiesSearch_400_json"};

function validate51(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/companiesSearch_400_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate51.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.error === undefined){
const err0 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.code === undefined){
const err1 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.error !== undefined){
if(typeof data.error !== "string"){
const err2 = {instancePath:instancePath+"/error",schemaPath:"https://contract.invalid/schemas/Error/properties/error/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.code !== undefined){
if(typeof data.code !== "string"){
const err3 = {instancePath:instancePath+"/code",schemaPath:"https://contract.invalid/schemas/Error/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate51.errors = vErrors;
return errors === 0;
}
validate51.evaluated = {"props":{"error":true,"code":true},"dynamicProps":false,"dynamicItems":false};

exports.companiesSearch_401_json = validate52;
const schema63 = {"$ref":"https://contract.invalid/schemas/Error","$id":"https://contract.invalid/bodies/companiesSearch_401_json"};

function validate52(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/companiesSearch_401_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate52.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.error === undefined){
const err0 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.code === undefined){
const err1 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.error !== undefined){
if(typeof data.error !== "string"){
const err2 = {instancePath:instancePath+"/error",schemaPath:"https://contract.invalid/schemas/Error/properties/error/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.code !== undefined){
if(typeof data.code !== "string"){
const err3 = {instancePath:instancePath+"/code",schemaPath:"https://contract.invalid/schemas/Error/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate52.errors = vErrors;
return errors === 0;
}
validate52.evaluated = {"props":{"error":true,"code":true},"dynamicProps":false,"dynamicItems":false};

exports.companiesSearch_403_json = validate53;
const schema65 = {"$ref":"https://contract.invalid/schemas/Error","$id":"https://contract.invalid/bodies/companiesSearch_403_json"};

function validate53(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/companiesSearch_403_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate53.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.error === undefined){
const err0 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.code === undefined){
const err1 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.error !== undefined){
if(typeof data.error !== "string"){
const err2 = {instancePath:instancePath+"/error",schemaPath:"https://contract.invalid/schemas/Error/properties/error/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.code !== undefined){
if(typeof data.code !== "string"){
const err3 = {instancePath:instancePath+"/code",schemaPath:"https://contract.invalid/schemas/Error/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate53.errors = vErrors;
return errors === 0;
}
validate53.evaluated = {"props":{"error":true,"code":true},"dynamicProps":false,"dynamicItems":false};

exports.municipalitiesList_param_query_country_code = validate54;
const schema67 = {"type":"array","items":{"type":"string","minLength":2,"maxLength":2,"pattern":"^[A-Z]{2}$","x-from-prose":{"words":"ISO 3166-1 alpha-2","keywords":["pattern","minLength","maxLength"]}},"$id":"https://contract.invalid/bodies/municipalitiesList_param_query_country_code"};

function validate54(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/municipalitiesList_param_query_country_code" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate54.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(Array.isArray(data)){
const len0 = data.length;
for(let i0=0; i0<len0; i0++){
let data0 = data[i0];
if(typeof data0 === "string"){
if((data0.length > 2 && func1(data0) > 2)){
const err0 = {instancePath:instancePath+"/" + i0,schemaPath:"#/items/maxLength",keyword:"maxLength",params:{limit: 2},message:"must NOT have more than 2 characters"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if((data0.length < 2 || func1(data0) < 2)){
const err1 = {instancePath:instancePath+"/" + i0,schemaPath:"#/items/minLength",keyword:"minLength",params:{limit: 2},message:"must NOT have fewer than 2 characters"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(!pattern4.test(data0)){
const err2 = {instancePath:instancePath+"/" + i0,schemaPath:"#/items/pattern",keyword:"pattern",params:{pattern: "^[A-Z]{2}$"},message:"must match pattern \""+"^[A-Z]{2}$"+"\""};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath:instancePath+"/" + i0,schemaPath:"#/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate54.errors = vErrors;
return errors === 0;
}
validate54.evaluated = {"items":true,"dynamicProps":false,"dynamicItems":false};

exports.municipalitiesList_param_query_country_code_exclude = validate55;
const schema68 = {"type":"array","items":{"type":"string","x-unspecified":["pattern","minLength","maxLength"]},"$id":"https://contract.invalid/bodies/municipalitiesList_param_query_country_code_exclude"};

function validate55(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/municipalitiesList_param_query_country_code_exclude" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate55.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(Array.isArray(data)){
const len0 = data.length;
for(let i0=0; i0<len0; i0++){
if(typeof data[i0] !== "string"){
const err0 = {instancePath:instancePath+"/" + i0,schemaPath:"#/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
}
else {
const err1 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate55.errors = vErrors;
return errors === 0;
}
validate55.evaluated = {"items":true,"dynamicProps":false,"dynamicItems":false};

exports.municipalitiesList_param_query_district = validate56;
const schema69 = {"type":"string","$id":"https://contract.invalid/bodies/municipalitiesList_param_query_district"};

function validate56(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/municipalitiesList_param_query_district" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate56.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data !== "string"){
const err0 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
validate56.errors = vErrors;
return errors === 0;
}
validate56.evaluated = {"dynamicProps":false,"dynamicItems":false};

exports.municipalitiesList_param_query_official_code = validate57;
const schema70 = {"type":"array","items":{"type":"string"},"$id":"https://contract.invalid/bodies/municipalitiesList_param_query_official_code"};

function validate57(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/municipalitiesList_param_query_official_code" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate57.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(Array.isArray(data)){
const len0 = data.length;
for(let i0=0; i0<len0; i0++){
if(typeof data[i0] !== "string"){
const err0 = {instancePath:instancePath+"/" + i0,schemaPath:"#/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
}
else {
const err1 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate57.errors = vErrors;
return errors === 0;
}
validate57.evaluated = {"items":true,"dynamicProps":false,"dynamicItems":false};

exports.municipalitiesList_param_query_official_role = validate58;
const schema71 = {"$ref":"https://contract.invalid/schemas/MunicipalRole","$id":"https://contract.invalid/bodies/municipalitiesList_param_query_official_role"};

function validate58(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/municipalitiesList_param_query_official_role" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate58.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data !== "string"){
const err0 = {instancePath,schemaPath:"https://contract.invalid/schemas/MunicipalRole/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(!(((((data === "mayor") || (data === "municipal_councillor")) || (data === "municipal_office_director")) || (data === "municipal_official")) || (data === "vice_mayor"))){
const err1 = {instancePath,schemaPath:"https://contract.invalid/schemas/MunicipalRole/enum",keyword:"enum",params:{allowedValues: schema39.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate58.errors = vErrors;
return errors === 0;
}
validate58.evaluated = {"dynamicProps":false,"dynamicItems":false};

exports.municipalitiesList_param_query_page = validate59;
const schema73 = {"type":"integer","$id":"https://contract.invalid/bodies/municipalitiesList_param_query_page"};

function validate59(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/municipalitiesList_param_query_page" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate59.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(!(((typeof data == "number") && (!(data % 1) && !isNaN(data))) && (isFinite(data)))){
const err0 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
validate59.errors = vErrors;
return errors === 0;
}
validate59.evaluated = {"dynamicProps":false,"dynamicItems":false};

exports.municipalitiesList_param_query_q = validate60;
const schema74 = {"type":"string","$id":"https://contract.invalid/bodies/municipalitiesList_param_query_q"};

function validate60(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/municipalitiesList_param_query_q" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate60.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data !== "string"){
const err0 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
validate60.errors = vErrors;
return errors === 0;
}
validate60.evaluated = {"dynamicProps":false,"dynamicItems":false};

exports.municipalitiesList_param_query_state = validate61;
const schema75 = {"type":"string","$id":"https://contract.invalid/bodies/municipalitiesList_param_query_state"};

function validate61(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/municipalitiesList_param_query_state" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate61.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data !== "string"){
const err0 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
validate61.errors = vErrors;
return errors === 0;
}
validate61.evaluated = {"dynamicProps":false,"dynamicItems":false};

exports.municipalitiesList_param_query_status = validate62;
const schema76 = {"type":"string","$id":"https://contract.invalid/bodies/municipalitiesList_param_query_status"};

function validate62(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/municipalitiesList_param_query_status" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate62.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data !== "string"){
const err0 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
validate62.errors = vErrors;
return errors === 0;
}
validate62.evaluated = {"dynamicProps":false,"dynamicItems":false};

exports.municipalitiesList_param_query_uuid = validate63;
const schema77 = {"type":"array","items":{"type":"string","format":"uuid"},"$id":"https://contract.invalid/bodies/municipalitiesList_param_query_uuid"};

function validate63(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/municipalitiesList_param_query_uuid" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate63.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(Array.isArray(data)){
const len0 = data.length;
for(let i0=0; i0<len0; i0++){
let data0 = data[i0];
if(typeof data0 === "string"){
if(!(formats0.test(data0))){
const err0 = {instancePath:instancePath+"/" + i0,schemaPath:"#/items/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
else {
const err1 = {instancePath:instancePath+"/" + i0,schemaPath:"#/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
}
else {
const err2 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
validate63.errors = vErrors;
return errors === 0;
}
validate63.evaluated = {"items":true,"dynamicProps":false,"dynamicItems":false};

exports.municipalitiesList_200_json = validate64;
const schema78 = {"$ref":"https://contract.invalid/schemas/PaginatedMunicipalityList","$id":"https://contract.invalid/bodies/municipalitiesList_200_json"};

function validate64(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/municipalitiesList_200_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate64.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(!(validate32(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate32.errors : vErrors.concat(validate32.errors);
errors = vErrors.length;
}
validate64.errors = vErrors;
return errors === 0;
}
validate64.evaluated = {"props":{"count":true,"next":true,"previous":true,"results":true},"dynamicProps":false,"dynamicItems":false};

exports.municipalitiesList_400_json = validate66;
const schema79 = {"$ref":"https://contract.invalid/schemas/Error","$id":"https://contract.invalid/bodies/municipalitiesList_400_json"};

function validate66(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/municipalitiesList_400_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate66.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.error === undefined){
const err0 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.code === undefined){
const err1 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.error !== undefined){
if(typeof data.error !== "string"){
const err2 = {instancePath:instancePath+"/error",schemaPath:"https://contract.invalid/schemas/Error/properties/error/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.code !== undefined){
if(typeof data.code !== "string"){
const err3 = {instancePath:instancePath+"/code",schemaPath:"https://contract.invalid/schemas/Error/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate66.errors = vErrors;
return errors === 0;
}
validate66.evaluated = {"props":{"error":true,"code":true},"dynamicProps":false,"dynamicItems":false};

exports.municipalitiesList_401_json = validate67;
const schema81 = {"$ref":"https://contract.invalid/schemas/Error","$id":"https://contract.invalid/bodies/municipalitiesList_401_json"};

function validate67(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/municipalitiesList_401_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate67.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.error === undefined){
const err0 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.code === undefined){
const err1 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.error !== undefined){
if(typeof data.error !== "string"){
const err2 = {instancePath:instancePath+"/error",schemaPath:"https://contract.invalid/schemas/Error/properties/error/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.code !== undefined){
if(typeof data.code !== "string"){
const err3 = {instancePath:instancePath+"/code",schemaPath:"https://contract.invalid/schemas/Error/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate67.errors = vErrors;
return errors === 0;
}
validate67.evaluated = {"props":{"error":true,"code":true},"dynamicProps":false,"dynamicItems":false};

exports.municipalitiesList_403_json = validate68;
const schema83 = {"$ref":"https://contract.invalid/schemas/Error","$id":"https://contract.invalid/bodies/municipalitiesList_403_json"};

function validate68(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/municipalitiesList_403_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate68.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.error === undefined){
const err0 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.code === undefined){
const err1 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.error !== undefined){
if(typeof data.error !== "string"){
const err2 = {instancePath:instancePath+"/error",schemaPath:"https://contract.invalid/schemas/Error/properties/error/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.code !== undefined){
if(typeof data.code !== "string"){
const err3 = {instancePath:instancePath+"/code",schemaPath:"https://contract.invalid/schemas/Error/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate68.errors = vErrors;
return errors === 0;
}
validate68.evaluated = {"props":{"error":true,"code":true},"dynamicProps":false,"dynamicItems":false};

exports.watchdogsCreate_request_json = validate69;
const schema85 = {"$ref":"https://contract.invalid/schemas/WatchdogRequest","$id":"https://contract.invalid/bodies/watchdogsCreate_request_json"};

function validate69(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsCreate_request_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate69.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err0 = {instancePath,schemaPath:"https://contract.invalid/schemas/WatchdogRequest/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.prompt === undefined){
const err1 = {instancePath,schemaPath:"https://contract.invalid/schemas/WatchdogRequest/required",keyword:"required",params:{missingProperty: "prompt"},message:"must have required property '"+"prompt"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.name !== undefined){
let data0 = data.name;
if(typeof data0 === "string"){
if((data0.length > 200 && func1(data0) > 200)){
const err2 = {instancePath:instancePath+"/name",schemaPath:"https://contract.invalid/schemas/WatchdogRequest/properties/name/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath:instancePath+"/name",schemaPath:"https://contract.invalid/schemas/WatchdogRequest/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.prompt !== undefined){
if(typeof data.prompt !== "string"){
const err4 = {instancePath:instancePath+"/prompt",schemaPath:"https://contract.invalid/schemas/WatchdogRequest/properties/prompt/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.companies !== undefined){
let data2 = data.companies;
if(Array.isArray(data2)){
const len0 = data2.length;
for(let i0=0; i0<len0; i0++){
let data3 = data2[i0];
if(typeof data3 === "string"){
if(!(formats0.test(data3))){
const err5 = {instancePath:instancePath+"/companies/" + i0,schemaPath:"https://contract.invalid/schemas/WatchdogRequest/properties/companies/items/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/companies/" + i0,schemaPath:"https://contract.invalid/schemas/WatchdogRequest/properties/companies/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
else {
const err7 = {instancePath:instancePath+"/companies",schemaPath:"https://contract.invalid/schemas/WatchdogRequest/properties/companies/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.tags !== undefined){
let data4 = data.tags;
if(Array.isArray(data4)){
const len1 = data4.length;
for(let i1=0; i1<len1; i1++){
let data5 = data4[i1];
if(typeof data5 === "string"){
if(!(formats0.test(data5))){
const err8 = {instancePath:instancePath+"/tags/" + i1,schemaPath:"https://contract.invalid/schemas/WatchdogRequest/properties/tags/items/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/tags/" + i1,schemaPath:"https://contract.invalid/schemas/WatchdogRequest/properties/tags/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
else {
const err10 = {instancePath:instancePath+"/tags",schemaPath:"https://contract.invalid/schemas/WatchdogRequest/properties/tags/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.is_active !== undefined){
if(typeof data.is_active !== "boolean"){
const err11 = {instancePath:instancePath+"/is_active",schemaPath:"https://contract.invalid/schemas/WatchdogRequest/properties/is_active/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
else {
const err12 = {instancePath,schemaPath:"https://contract.invalid/schemas/WatchdogRequest/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
validate69.errors = vErrors;
return errors === 0;
}
validate69.evaluated = {"props":{"name":true,"prompt":true,"companies":true,"tags":true,"is_active":true},"dynamicProps":false,"dynamicItems":false};

exports.watchdogsCreate_201_json = validate70;
const schema87 = {"$ref":"https://contract.invalid/schemas/Watchdog","$id":"https://contract.invalid/bodies/watchdogsCreate_201_json"};

function validate70(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsCreate_201_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate70.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(!(validate37(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate37.errors : vErrors.concat(validate37.errors);
errors = vErrors.length;
}
validate70.errors = vErrors;
return errors === 0;
}
validate70.evaluated = {"props":{"uuid":true,"name":true,"prompt":true,"monitored_company_count":true,"monitored_companies":true,"last_signal":true,"created_at":true,"updated_at":true,"companies":true,"tags":true,"is_active":true},"dynamicProps":false,"dynamicItems":false};

exports.watchdogsCreate_400_json = validate72;
const schema88 = {"$ref":"https://contract.invalid/schemas/Error","$id":"https://contract.invalid/bodies/watchdogsCreate_400_json"};

function validate72(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsCreate_400_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate72.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.error === undefined){
const err0 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.code === undefined){
const err1 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.error !== undefined){
if(typeof data.error !== "string"){
const err2 = {instancePath:instancePath+"/error",schemaPath:"https://contract.invalid/schemas/Error/properties/error/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.code !== undefined){
if(typeof data.code !== "string"){
const err3 = {instancePath:instancePath+"/code",schemaPath:"https://contract.invalid/schemas/Error/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate72.errors = vErrors;
return errors === 0;
}
validate72.evaluated = {"props":{"error":true,"code":true},"dynamicProps":false,"dynamicItems":false};

exports.watchdogsCreate_401_json = validate73;
const schema90 = {"$ref":"https://contract.invalid/schemas/Error","$id":"https://contract.invalid/bodies/watchdogsCreate_401_json"};

function validate73(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsCreate_401_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate73.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.error === undefined){
const err0 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.code === undefined){
const err1 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.error !== undefined){
if(typeof data.error !== "string"){
const err2 = {instancePath:instancePath+"/error",schemaPath:"https://contract.invalid/schemas/Error/properties/error/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.code !== undefined){
if(typeof data.code !== "string"){
const err3 = {instancePath:instancePath+"/code",schemaPath:"https://contract.invalid/schemas/Error/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate73.errors = vErrors;
return errors === 0;
}
validate73.evaluated = {"props":{"error":true,"code":true},"dynamicProps":false,"dynamicItems":false};

exports.watchdogsCreate_403_json = validate74;
const schema92 = {"$ref":"https://contract.invalid/schemas/Error","$id":"https://contract.invalid/bodies/watchdogsCreate_403_json"};

function validate74(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsCreate_403_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate74.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.error === undefined){
const err0 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.code === undefined){
const err1 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.error !== undefined){
if(typeof data.error !== "string"){
const err2 = {instancePath:instancePath+"/error",schemaPath:"https://contract.invalid/schemas/Error/properties/error/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.code !== undefined){
if(typeof data.code !== "string"){
const err3 = {instancePath:instancePath+"/code",schemaPath:"https://contract.invalid/schemas/Error/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate74.errors = vErrors;
return errors === 0;
}
validate74.evaluated = {"props":{"error":true,"code":true},"dynamicProps":false,"dynamicItems":false};

exports.watchdogsEventsPartialUpdate_param_path_uuid = validate75;
const schema94 = {"type":"string","format":"uuid","$id":"https://contract.invalid/bodies/watchdogsEventsPartialUpdate_param_path_uuid"};

function validate75(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsEventsPartialUpdate_param_path_uuid" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate75.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data === "string"){
if(!(formats0.test(data))){
const err0 = {instancePath,schemaPath:"#/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
else {
const err1 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate75.errors = vErrors;
return errors === 0;
}
validate75.evaluated = {"dynamicProps":false,"dynamicItems":false};

exports.watchdogsEventsPartialUpdate_param_path_event_uuid = validate76;
const schema95 = {"type":"string","$id":"https://contract.invalid/bodies/watchdogsEventsPartialUpdate_param_path_event_uuid"};

function validate76(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsEventsPartialUpdate_param_path_event_uuid" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate76.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data !== "string"){
const err0 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
validate76.errors = vErrors;
return errors === 0;
}
validate76.evaluated = {"dynamicProps":false,"dynamicItems":false};

exports.watchdogsEventsPartialUpdate_request_json = validate77;
const schema96 = {"$ref":"https://contract.invalid/schemas/PatchedWatchdogRequest","$id":"https://contract.invalid/bodies/watchdogsEventsPartialUpdate_request_json"};

function validate77(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsEventsPartialUpdate_request_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate77.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name !== undefined){
let data0 = data.name;
if(typeof data0 === "string"){
if((data0.length > 200 && func1(data0) > 200)){
const err0 = {instancePath:instancePath+"/name",schemaPath:"https://contract.invalid/schemas/PatchedWatchdogRequest/properties/name/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
else {
const err1 = {instancePath:instancePath+"/name",schemaPath:"https://contract.invalid/schemas/PatchedWatchdogRequest/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.prompt !== undefined){
if(typeof data.prompt !== "string"){
const err2 = {instancePath:instancePath+"/prompt",schemaPath:"https://contract.invalid/schemas/PatchedWatchdogRequest/properties/prompt/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.companies !== undefined){
let data2 = data.companies;
if(Array.isArray(data2)){
const len0 = data2.length;
for(let i0=0; i0<len0; i0++){
let data3 = data2[i0];
if(typeof data3 === "string"){
if(!(formats0.test(data3))){
const err3 = {instancePath:instancePath+"/companies/" + i0,schemaPath:"https://contract.invalid/schemas/PatchedWatchdogRequest/properties/companies/items/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/companies/" + i0,schemaPath:"https://contract.invalid/schemas/PatchedWatchdogRequest/properties/companies/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
}
else {
const err5 = {instancePath:instancePath+"/companies",schemaPath:"https://contract.invalid/schemas/PatchedWatchdogRequest/properties/companies/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.tags !== undefined){
let data4 = data.tags;
if(Array.isArray(data4)){
const len1 = data4.length;
for(let i1=0; i1<len1; i1++){
let data5 = data4[i1];
if(typeof data5 === "string"){
if(!(formats0.test(data5))){
const err6 = {instancePath:instancePath+"/tags/" + i1,schemaPath:"https://contract.invalid/schemas/PatchedWatchdogRequest/properties/tags/items/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/tags/" + i1,schemaPath:"https://contract.invalid/schemas/PatchedWatchdogRequest/properties/tags/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath:instancePath+"/tags",schemaPath:"https://contract.invalid/schemas/PatchedWatchdogRequest/properties/tags/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.is_active !== undefined){
if(typeof data.is_active !== "boolean"){
const err9 = {instancePath:instancePath+"/is_active",schemaPath:"https://contract.invalid/schemas/PatchedWatchdogRequest/properties/is_active/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
else {
const err10 = {instancePath,schemaPath:"https://contract.invalid/schemas/PatchedWatchdogRequest/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
validate77.errors = vErrors;
return errors === 0;
}
validate77.evaluated = {"props":{"name":true,"prompt":true,"companies":true,"tags":true,"is_active":true},"dynamicProps":false,"dynamicItems":false};

exports.watchdogsEventsPartialUpdate_200_json = validate78;
const schema98 = {"$ref":"https://contract.invalid/schemas/Watchdog","$id":"https://contract.invalid/bodies/watchdogsEventsPartialUpdate_200_json"};

function validate78(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsEventsPartialUpdate_200_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate78.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(!(validate37(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate37.errors : vErrors.concat(validate37.errors);
errors = vErrors.length;
}
validate78.errors = vErrors;
return errors === 0;
}
validate78.evaluated = {"props":{"uuid":true,"name":true,"prompt":true,"monitored_company_count":true,"monitored_companies":true,"last_signal":true,"created_at":true,"updated_at":true,"companies":true,"tags":true,"is_active":true},"dynamicProps":false,"dynamicItems":false};

exports.watchdogsEventsPartialUpdate_400_json = validate80;
const schema99 = {"$ref":"https://contract.invalid/schemas/Error","$id":"https://contract.invalid/bodies/watchdogsEventsPartialUpdate_400_json"};

function validate80(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsEventsPartialUpdate_400_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate80.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.error === undefined){
const err0 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.code === undefined){
const err1 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.error !== undefined){
if(typeof data.error !== "string"){
const err2 = {instancePath:instancePath+"/error",schemaPath:"https://contract.invalid/schemas/Error/properties/error/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.code !== undefined){
if(typeof data.code !== "string"){
const err3 = {instancePath:instancePath+"/code",schemaPath:"https://contract.invalid/schemas/Error/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate80.errors = vErrors;
return errors === 0;
}
validate80.evaluated = {"props":{"error":true,"code":true},"dynamicProps":false,"dynamicItems":false};

exports.watchdogsEventsPartialUpdate_401_json = validate81;
const schema101 = {"$ref":"https://contract.invalid/schemas/Error","$id":"https://contract.invalid/bodies/watchdogsEventsPartialUpdate_401_json"};

function validate81(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsEventsPartialUpdate_401_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate81.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.error === undefined){
const err0 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.code === undefined){
const err1 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.error !== undefined){
if(typeof data.error !== "string"){
const err2 = {instancePath:instancePath+"/error",schemaPath:"https://contract.invalid/schemas/Error/properties/error/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.code !== undefined){
if(typeof data.code !== "string"){
const err3 = {instancePath:instancePath+"/code",schemaPath:"https://contract.invalid/schemas/Error/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate81.errors = vErrors;
return errors === 0;
}
validate81.evaluated = {"props":{"error":true,"code":true},"dynamicProps":false,"dynamicItems":false};

exports.watchdogsEventsPartialUpdate_403_json = validate82;
const schema103 = {"$ref":"https://contract.invalid/schemas/Error","$id":"https://contract.invalid/bodies/watchdogsEventsPartialUpdate_403_json"};

function validate82(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsEventsPartialUpdate_403_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate82.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.error === undefined){
const err0 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.code === undefined){
const err1 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.error !== undefined){
if(typeof data.error !== "string"){
const err2 = {instancePath:instancePath+"/error",schemaPath:"https://contract.invalid/schemas/Error/properties/error/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.code !== undefined){
if(typeof data.code !== "string"){
const err3 = {instancePath:instancePath+"/code",schemaPath:"https://contract.invalid/schemas/Error/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate82.errors = vErrors;
return errors === 0;
}
validate82.evaluated = {"props":{"error":true,"code":true},"dynamicProps":false,"dynamicItems":false};

exports.watchdogsEventsPartialUpdate_404_json = validate83;
const schema105 = {"$ref":"https://contract.invalid/schemas/Error","$id":"https://contract.invalid/bodies/watchdogsEventsPartialUpdate_404_json"};

function validate83(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsEventsPartialUpdate_404_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate83.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.error === undefined){
const err0 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.code === undefined){
const err1 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.error !== undefined){
if(typeof data.error !== "string"){
const err2 = {instancePath:instancePath+"/error",schemaPath:"https://contract.invalid/schemas/Error/properties/error/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.code !== undefined){
if(typeof data.code !== "string"){
const err3 = {instancePath:instancePath+"/code",schemaPath:"https://contract.invalid/schemas/Error/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate83.errors = vErrors;
return errors === 0;
}
validate83.evaluated = {"props":{"error":true,"code":true},"dynamicProps":false,"dynamicItems":false};

exports.watchdogsActivate_param_path_uuid = validate84;
const schema107 = {"type":"string","format":"uuid","$id":"https://contract.invalid/bodies/watchdogsActivate_param_path_uuid"};

function validate84(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsActivate_param_path_uuid" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate84.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data === "string"){
if(!(formats0.test(data))){
const err0 = {instancePath,schemaPath:"#/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
else {
const err1 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate84.errors = vErrors;
return errors === 0;
}
validate84.evaluated = {"dynamicProps":false,"dynamicItems":false};

exports.watchdogsActivate_request_json = validate85;
const schema108 = {"$ref":"https://contract.invalid/schemas/WatchdogActivateRequest","$id":"https://contract.invalid/bodies/watchdogsActivate_request_json"};

function validate85(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsActivate_request_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate85.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name !== undefined){
let data0 = data.name;
if(typeof data0 === "string"){
if((data0.length > 200 && func1(data0) > 200)){
const err0 = {instancePath:instancePath+"/name",schemaPath:"https://contract.invalid/schemas/WatchdogActivateRequest/properties/name/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
else {
const err1 = {instancePath:instancePath+"/name",schemaPath:"https://contract.invalid/schemas/WatchdogActivateRequest/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.prompt !== undefined){
if(typeof data.prompt !== "string"){
const err2 = {instancePath:instancePath+"/prompt",schemaPath:"https://contract.invalid/schemas/WatchdogActivateRequest/properties/prompt/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.companies !== undefined){
let data2 = data.companies;
if(Array.isArray(data2)){
const len0 = data2.length;
for(let i0=0; i0<len0; i0++){
let data3 = data2[i0];
if(typeof data3 === "string"){
if(!(formats0.test(data3))){
const err3 = {instancePath:instancePath+"/companies/" + i0,schemaPath:"https://contract.invalid/schemas/WatchdogActivateRequest/properties/companies/items/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/companies/" + i0,schemaPath:"https://contract.invalid/schemas/WatchdogActivateRequest/properties/companies/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
}
else {
const err5 = {instancePath:instancePath+"/companies",schemaPath:"https://contract.invalid/schemas/WatchdogActivateRequest/properties/companies/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.tags !== undefined){
let data4 = data.tags;
if(Array.isArray(data4)){
const len1 = data4.length;
for(let i1=0; i1<len1; i1++){
let data5 = data4[i1];
if(typeof data5 === "string"){
if(!(formats0.test(data5))){
const err6 = {instancePath:instancePath+"/tags/" + i1,schemaPath:"https://contract.invalid/schemas/WatchdogActivateRequest/properties/tags/items/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/tags/" + i1,schemaPath:"https://contract.invalid/schemas/WatchdogActivateRequest/properties/tags/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath:instancePath+"/tags",schemaPath:"https://contract.invalid/schemas/WatchdogActivateRequest/properties/tags/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.is_active !== undefined){
if(typeof data.is_active !== "boolean"){
const err9 = {instancePath:instancePath+"/is_active",schemaPath:"https://contract.invalid/schemas/WatchdogActivateRequest/properties/is_active/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
else {
const err10 = {instancePath,schemaPath:"https://contract.invalid/schemas/WatchdogActivateRequest/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
validate85.errors = vErrors;
return errors === 0;
}
validate85.evaluated = {"props":{"name":true,"prompt":true,"companies":true,"tags":true,"is_active":true},"dynamicProps":false,"dynamicItems":false};

exports.watchdogsActivate_200_json = validate86;
const schema110 = {"$ref":"https://contract.invalid/schemas/Watchdog","$id":"https://contract.invalid/bodies/watchdogsActivate_200_json"};

function validate86(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsActivate_200_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate86.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(!(validate37(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate37.errors : vErrors.concat(validate37.errors);
errors = vErrors.length;
}
validate86.errors = vErrors;
return errors === 0;
}
validate86.evaluated = {"props":{"uuid":true,"name":true,"prompt":true,"monitored_company_count":true,"monitored_companies":true,"last_signal":true,"created_at":true,"updated_at":true,"companies":true,"tags":true,"is_active":true},"dynamicProps":false,"dynamicItems":false};

exports.watchdogsActivate_400_json = validate88;
const schema111 = {"$ref":"https://contract.invalid/schemas/Error","$id":"https://contract.invalid/bodies/watchdogsActivate_400_json"};

function validate88(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsActivate_400_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate88.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.error === undefined){
const err0 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.code === undefined){
const err1 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.error !== undefined){
if(typeof data.error !== "string"){
const err2 = {instancePath:instancePath+"/error",schemaPath:"https://contract.invalid/schemas/Error/properties/error/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.code !== undefined){
if(typeof data.code !== "string"){
const err3 = {instancePath:instancePath+"/code",schemaPath:"https://contract.invalid/schemas/Error/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate88.errors = vErrors;
return errors === 0;
}
validate88.evaluated = {"props":{"error":true,"code":true},"dynamicProps":false,"dynamicItems":false};

exports.watchdogsActivate_401_json = validate89;
const schema113 = {"$ref":"https://contract.invalid/schemas/Error","$id":"https://contract.invalid/bodies/watchdogsActivate_401_json"};

function validate89(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsActivate_401_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate89.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.error === undefined){
const err0 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.code === undefined){
const err1 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.error !== undefined){
if(typeof data.error !== "string"){
const err2 = {instancePath:instancePath+"/error",schemaPath:"https://contract.invalid/schemas/Error/properties/error/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.code !== undefined){
if(typeof data.code !== "string"){
const err3 = {instancePath:instancePath+"/code",schemaPath:"https://contract.invalid/schemas/Error/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate89.errors = vErrors;
return errors === 0;
}
validate89.evaluated = {"props":{"error":true,"code":true},"dynamicProps":false,"dynamicItems":false};

exports.watchdogsActivate_403_json = validate90;
const schema115 = {"$ref":"https://contract.invalid/schemas/Error","$id":"https://contract.invalid/bodies/watchdogsActivate_403_json"};

function validate90(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsActivate_403_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate90.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.error === undefined){
const err0 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.code === undefined){
const err1 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.error !== undefined){
if(typeof data.error !== "string"){
const err2 = {instancePath:instancePath+"/error",schemaPath:"https://contract.invalid/schemas/Error/properties/error/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.code !== undefined){
if(typeof data.code !== "string"){
const err3 = {instancePath:instancePath+"/code",schemaPath:"https://contract.invalid/schemas/Error/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate90.errors = vErrors;
return errors === 0;
}
validate90.evaluated = {"props":{"error":true,"code":true},"dynamicProps":false,"dynamicItems":false};

exports.watchdogsActivate_404_json = validate91;
const schema117 = {"$ref":"https://contract.invalid/schemas/Error","$id":"https://contract.invalid/bodies/watchdogsActivate_404_json"};

function validate91(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsActivate_404_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate91.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.error === undefined){
const err0 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.code === undefined){
const err1 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.error !== undefined){
if(typeof data.error !== "string"){
const err2 = {instancePath:instancePath+"/error",schemaPath:"https://contract.invalid/schemas/Error/properties/error/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.code !== undefined){
if(typeof data.code !== "string"){
const err3 = {instancePath:instancePath+"/code",schemaPath:"https://contract.invalid/schemas/Error/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate91.errors = vErrors;
return errors === 0;
}
validate91.evaluated = {"props":{"error":true,"code":true},"dynamicProps":false,"dynamicItems":false};

exports.watchdogsDeactivate_param_path_uuid = validate92;
const schema119 = {"type":"string","format":"uuid","$id":"https://contract.invalid/bodies/watchdogsDeactivate_param_path_uuid"};

function validate92(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsDeactivate_param_path_uuid" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate92.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data === "string"){
if(!(formats0.test(data))){
const err0 = {instancePath,schemaPath:"#/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
else {
const err1 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate92.errors = vErrors;
return errors === 0;
}
validate92.evaluated = {"dynamicProps":false,"dynamicItems":false};

exports.watchdogsDeactivate_request_json = validate93;
const schema120 = {"$ref":"https://contract.invalid/schemas/WatchdogRequest","$id":"https://contract.invalid/bodies/watchdogsDeactivate_request_json"};

function validate93(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsDeactivate_request_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate93.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err0 = {instancePath,schemaPath:"https://contract.invalid/schemas/WatchdogRequest/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.prompt === undefined){
const err1 = {instancePath,schemaPath:"https://contract.invalid/schemas/WatchdogRequest/required",keyword:"required",params:{missingProperty: "prompt"},message:"must have required property '"+"prompt"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.name !== undefined){
let data0 = data.name;
if(typeof data0 === "string"){
if((data0.length > 200 && func1(data0) > 200)){
const err2 = {instancePath:instancePath+"/name",schemaPath:"https://contract.invalid/schemas/WatchdogRequest/properties/name/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath:instancePath+"/name",schemaPath:"https://contract.invalid/schemas/WatchdogRequest/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.prompt !== undefined){
if(typeof data.prompt !== "string"){
const err4 = {instancePath:instancePath+"/prompt",schemaPath:"https://contract.invalid/schemas/WatchdogRequest/properties/prompt/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.companies !== undefined){
let data2 = data.companies;
if(Array.isArray(data2)){
const len0 = data2.length;
for(let i0=0; i0<len0; i0++){
let data3 = data2[i0];
if(typeof data3 === "string"){
if(!(formats0.test(data3))){
const err5 = {instancePath:instancePath+"/companies/" + i0,schemaPath:"https://contract.invalid/schemas/WatchdogRequest/properties/companies/items/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/companies/" + i0,schemaPath:"https://contract.invalid/schemas/WatchdogRequest/properties/companies/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
else {
const err7 = {instancePath:instancePath+"/companies",schemaPath:"https://contract.invalid/schemas/WatchdogRequest/properties/companies/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.tags !== undefined){
let data4 = data.tags;
if(Array.isArray(data4)){
const len1 = data4.length;
for(let i1=0; i1<len1; i1++){
let data5 = data4[i1];
if(typeof data5 === "string"){
if(!(formats0.test(data5))){
const err8 = {instancePath:instancePath+"/tags/" + i1,schemaPath:"https://contract.invalid/schemas/WatchdogRequest/properties/tags/items/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/tags/" + i1,schemaPath:"https://contract.invalid/schemas/WatchdogRequest/properties/tags/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
else {
const err10 = {instancePath:instancePath+"/tags",schemaPath:"https://contract.invalid/schemas/WatchdogRequest/properties/tags/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.is_active !== undefined){
if(typeof data.is_active !== "boolean"){
const err11 = {instancePath:instancePath+"/is_active",schemaPath:"https://contract.invalid/schemas/WatchdogRequest/properties/is_active/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
else {
const err12 = {instancePath,schemaPath:"https://contract.invalid/schemas/WatchdogRequest/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
validate93.errors = vErrors;
return errors === 0;
}
validate93.evaluated = {"props":{"name":true,"prompt":true,"companies":true,"tags":true,"is_active":true},"dynamicProps":false,"dynamicItems":false};

exports.watchdogsDeactivate_200_json = validate94;
const schema122 = {"$ref":"https://contract.invalid/schemas/Watchdog","$id":"https://contract.invalid/bodies/watchdogsDeactivate_200_json"};

function validate94(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsDeactivate_200_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate94.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(!(validate37(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate37.errors : vErrors.concat(validate37.errors);
errors = vErrors.length;
}
validate94.errors = vErrors;
return errors === 0;
}
validate94.evaluated = {"props":{"uuid":true,"name":true,"prompt":true,"monitored_company_count":true,"monitored_companies":true,"last_signal":true,"created_at":true,"updated_at":true,"companies":true,"tags":true,"is_active":true},"dynamicProps":false,"dynamicItems":false};

exports.watchdogsDeactivate_400_json = validate96;
const schema123 = {"$ref":"https://contract.invalid/schemas/Error","$id":"https://contract.invalid/bodies/watchdogsDeactivate_400_json"};

function validate96(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsDeactivate_400_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate96.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.error === undefined){
const err0 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.code === undefined){
const err1 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.error !== undefined){
if(typeof data.error !== "string"){
const err2 = {instancePath:instancePath+"/error",schemaPath:"https://contract.invalid/schemas/Error/properties/error/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.code !== undefined){
if(typeof data.code !== "string"){
const err3 = {instancePath:instancePath+"/code",schemaPath:"https://contract.invalid/schemas/Error/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate96.errors = vErrors;
return errors === 0;
}
validate96.evaluated = {"props":{"error":true,"code":true},"dynamicProps":false,"dynamicItems":false};

exports.watchdogsDeactivate_401_json = validate97;
const schema125 = {"$ref":"https://contract.invalid/schemas/Error","$id":"https://contract.invalid/bodies/watchdogsDeactivate_401_json"};

function validate97(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsDeactivate_401_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate97.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.error === undefined){
const err0 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.code === undefined){
const err1 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.error !== undefined){
if(typeof data.error !== "string"){
const err2 = {instancePath:instancePath+"/error",schemaPath:"https://contract.invalid/schemas/Error/properties/error/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.code !== undefined){
if(typeof data.code !== "string"){
const err3 = {instancePath:instancePath+"/code",schemaPath:"https://contract.invalid/schemas/Error/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate97.errors = vErrors;
return errors === 0;
}
validate97.evaluated = {"props":{"error":true,"code":true},"dynamicProps":false,"dynamicItems":false};

exports.watchdogsDeactivate_403_json = validate98;
const schema127 = {"$ref":"https://contract.invalid/schemas/Error","$id":"https://contract.invalid/bodies/watchdogsDeactivate_403_json"};

function validate98(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsDeactivate_403_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate98.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.error === undefined){
const err0 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.code === undefined){
const err1 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.error !== undefined){
if(typeof data.error !== "string"){
const err2 = {instancePath:instancePath+"/error",schemaPath:"https://contract.invalid/schemas/Error/properties/error/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.code !== undefined){
if(typeof data.code !== "string"){
const err3 = {instancePath:instancePath+"/code",schemaPath:"https://contract.invalid/schemas/Error/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate98.errors = vErrors;
return errors === 0;
}
validate98.evaluated = {"props":{"error":true,"code":true},"dynamicProps":false,"dynamicItems":false};

exports.watchdogsDeactivate_404_json = validate99;
const schema129 = {"$ref":"https://contract.invalid/schemas/Error","$id":"https://contract.invalid/bodies/watchdogsDeactivate_404_json"};

function validate99(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsDeactivate_404_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate99.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.error === undefined){
const err0 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.code === undefined){
const err1 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.error !== undefined){
if(typeof data.error !== "string"){
const err2 = {instancePath:instancePath+"/error",schemaPath:"https://contract.invalid/schemas/Error/properties/error/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.code !== undefined){
if(typeof data.code !== "string"){
const err3 = {instancePath:instancePath+"/code",schemaPath:"https://contract.invalid/schemas/Error/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate99.errors = vErrors;
return errors === 0;
}
validate99.evaluated = {"props":{"error":true,"code":true},"dynamicProps":false,"dynamicItems":false};

exports.watchdogsSubscribe_param_path_uuid = validate100;
const schema131 = {"type":"string","format":"uuid","$id":"https://contract.invalid/bodies/watchdogsSubscribe_param_path_uuid"};

function validate100(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsSubscribe_param_path_uuid" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate100.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data === "string"){
if(!(formats0.test(data))){
const err0 = {instancePath,schemaPath:"#/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
else {
const err1 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate100.errors = vErrors;
return errors === 0;
}
validate100.evaluated = {"dynamicProps":false,"dynamicItems":false};

exports.watchdogsSubscribe_request_json = validate101;
const schema132 = {"$ref":"https://contract.invalid/schemas/WatchdogSubscriptionRequest","$id":"https://contract.invalid/bodies/watchdogsSubscribe_request_json"};

function validate101(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsSubscribe_request_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate101.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.companies !== undefined){
let data0 = data.companies;
if(Array.isArray(data0)){
const len0 = data0.length;
for(let i0=0; i0<len0; i0++){
let data1 = data0[i0];
if(typeof data1 === "string"){
if(!(formats0.test(data1))){
const err0 = {instancePath:instancePath+"/companies/" + i0,schemaPath:"https://contract.invalid/schemas/WatchdogSubscriptionRequest/properties/companies/items/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
else {
const err1 = {instancePath:instancePath+"/companies/" + i0,schemaPath:"https://contract.invalid/schemas/WatchdogSubscriptionRequest/properties/companies/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
}
else {
const err2 = {instancePath:instancePath+"/companies",schemaPath:"https://contract.invalid/schemas/WatchdogSubscriptionRequest/properties/companies/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.tags !== undefined){
let data2 = data.tags;
if(Array.isArray(data2)){
const len1 = data2.length;
for(let i1=0; i1<len1; i1++){
let data3 = data2[i1];
if(typeof data3 === "string"){
if(!(formats0.test(data3))){
const err3 = {instancePath:instancePath+"/tags/" + i1,schemaPath:"https://contract.invalid/schemas/WatchdogSubscriptionRequest/properties/tags/items/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/tags/" + i1,schemaPath:"https://contract.invalid/schemas/WatchdogSubscriptionRequest/properties/tags/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
}
else {
const err5 = {instancePath:instancePath+"/tags",schemaPath:"https://contract.invalid/schemas/WatchdogSubscriptionRequest/properties/tags/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
else {
const err6 = {instancePath,schemaPath:"https://contract.invalid/schemas/WatchdogSubscriptionRequest/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
validate101.errors = vErrors;
return errors === 0;
}
validate101.evaluated = {"props":{"companies":true,"tags":true},"dynamicProps":false,"dynamicItems":false};

exports.watchdogsSubscribe_200_json = validate102;
const schema134 = {"$ref":"https://contract.invalid/schemas/Watchdog","$id":"https://contract.invalid/bodies/watchdogsSubscribe_200_json"};

function validate102(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsSubscribe_200_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate102.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(!(validate37(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate37.errors : vErrors.concat(validate37.errors);
errors = vErrors.length;
}
validate102.errors = vErrors;
return errors === 0;
}
validate102.evaluated = {"props":{"uuid":true,"name":true,"prompt":true,"monitored_company_count":true,"monitored_companies":true,"last_signal":true,"created_at":true,"updated_at":true,"companies":true,"tags":true,"is_active":true},"dynamicProps":false,"dynamicItems":false};

exports.watchdogsSubscribe_400_json = validate104;
const schema135 = {"$ref":"https://contract.invalid/schemas/Error","$id":"https://contract.invalid/bodies/watchdogsSubscribe_400_json"};

function validate104(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsSubscribe_400_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate104.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.error === undefined){
const err0 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.code === undefined){
const err1 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.error !== undefined){
if(typeof data.error !== "string"){
const err2 = {instancePath:instancePath+"/error",schemaPath:"https://contract.invalid/schemas/Error/properties/error/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.code !== undefined){
if(typeof data.code !== "string"){
const err3 = {instancePath:instancePath+"/code",schemaPath:"https://contract.invalid/schemas/Error/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate104.errors = vErrors;
return errors === 0;
}
validate104.evaluated = {"props":{"error":true,"code":true},"dynamicProps":false,"dynamicItems":false};

exports.watchdogsSubscribe_401_json = validate105;
const schema137 = {"$ref":"https://contract.invalid/schemas/Error","$id":"https://contract.invalid/bodies/watchdogsSubscribe_401_json"};

function validate105(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsSubscribe_401_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate105.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.error === undefined){
const err0 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.code === undefined){
const err1 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.error !== undefined){
if(typeof data.error !== "string"){
const err2 = {instancePath:instancePath+"/error",schemaPath:"https://contract.invalid/schemas/Error/properties/error/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.code !== undefined){
if(typeof data.code !== "string"){
const err3 = {instancePath:instancePath+"/code",schemaPath:"https://contract.invalid/schemas/Error/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate105.errors = vErrors;
return errors === 0;
}
validate105.evaluated = {"props":{"error":true,"code":true},"dynamicProps":false,"dynamicItems":false};

exports.watchdogsSubscribe_403_json = validate106;
const schema139 = {"$ref":"https://contract.invalid/schemas/Error","$id":"https://contract.invalid/bodies/watchdogsSubscribe_403_json"};

function validate106(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsSubscribe_403_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate106.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.error === undefined){
const err0 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.code === undefined){
const err1 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.error !== undefined){
if(typeof data.error !== "string"){
const err2 = {instancePath:instancePath+"/error",schemaPath:"https://contract.invalid/schemas/Error/properties/error/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.code !== undefined){
if(typeof data.code !== "string"){
const err3 = {instancePath:instancePath+"/code",schemaPath:"https://contract.invalid/schemas/Error/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate106.errors = vErrors;
return errors === 0;
}
validate106.evaluated = {"props":{"error":true,"code":true},"dynamicProps":false,"dynamicItems":false};

exports.watchdogsSubscribe_404_json = validate107;
const schema141 = {"$ref":"https://contract.invalid/schemas/Error","$id":"https://contract.invalid/bodies/watchdogsSubscribe_404_json"};

function validate107(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsSubscribe_404_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate107.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.error === undefined){
const err0 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.code === undefined){
const err1 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.error !== undefined){
if(typeof data.error !== "string"){
const err2 = {instancePath:instancePath+"/error",schemaPath:"https://contract.invalid/schemas/Error/properties/error/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.code !== undefined){
if(typeof data.code !== "string"){
const err3 = {instancePath:instancePath+"/code",schemaPath:"https://contract.invalid/schemas/Error/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate107.errors = vErrors;
return errors === 0;
}
validate107.evaluated = {"props":{"error":true,"code":true},"dynamicProps":false,"dynamicItems":false};

exports.watchdogsUnsubscribe_param_path_uuid = validate108;
const schema143 = {"type":"string","format":"uuid","$id":"https://contract.invalid/bodies/watchdogsUnsubscribe_param_path_uuid"};

function validate108(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsUnsubscribe_param_path_uuid" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate108.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data === "string"){
if(!(formats0.test(data))){
const err0 = {instancePath,schemaPath:"#/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
else {
const err1 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate108.errors = vErrors;
return errors === 0;
}
validate108.evaluated = {"dynamicProps":false,"dynamicItems":false};

exports.watchdogsUnsubscribe_request_json = validate109;
const schema144 = {"$ref":"https://contract.invalid/schemas/WatchdogSubscriptionRequest","$id":"https://contract.invalid/bodies/watchdogsUnsubscribe_request_json"};

function validate109(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsUnsubscribe_request_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate109.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.companies !== undefined){
let data0 = data.companies;
if(Array.isArray(data0)){
const len0 = data0.length;
for(let i0=0; i0<len0; i0++){
let data1 = data0[i0];
if(typeof data1 === "string"){
if(!(formats0.test(data1))){
const err0 = {instancePath:instancePath+"/companies/" + i0,schemaPath:"https://contract.invalid/schemas/WatchdogSubscriptionRequest/properties/companies/items/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
else {
const err1 = {instancePath:instancePath+"/companies/" + i0,schemaPath:"https://contract.invalid/schemas/WatchdogSubscriptionRequest/properties/companies/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
}
else {
const err2 = {instancePath:instancePath+"/companies",schemaPath:"https://contract.invalid/schemas/WatchdogSubscriptionRequest/properties/companies/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.tags !== undefined){
let data2 = data.tags;
if(Array.isArray(data2)){
const len1 = data2.length;
for(let i1=0; i1<len1; i1++){
let data3 = data2[i1];
if(typeof data3 === "string"){
if(!(formats0.test(data3))){
const err3 = {instancePath:instancePath+"/tags/" + i1,schemaPath:"https://contract.invalid/schemas/WatchdogSubscriptionRequest/properties/tags/items/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/tags/" + i1,schemaPath:"https://contract.invalid/schemas/WatchdogSubscriptionRequest/properties/tags/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
}
else {
const err5 = {instancePath:instancePath+"/tags",schemaPath:"https://contract.invalid/schemas/WatchdogSubscriptionRequest/properties/tags/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
else {
const err6 = {instancePath,schemaPath:"https://contract.invalid/schemas/WatchdogSubscriptionRequest/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
validate109.errors = vErrors;
return errors === 0;
}
validate109.evaluated = {"props":{"companies":true,"tags":true},"dynamicProps":false,"dynamicItems":false};

exports.watchdogsUnsubscribe_200_json = validate110;
const schema146 = {"$ref":"https://contract.invalid/schemas/Watchdog","$id":"https://contract.invalid/bodies/watchdogsUnsubscribe_200_json"};

function validate110(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsUnsubscribe_200_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate110.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(!(validate37(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate37.errors : vErrors.concat(validate37.errors);
errors = vErrors.length;
}
validate110.errors = vErrors;
return errors === 0;
}
validate110.evaluated = {"props":{"uuid":true,"name":true,"prompt":true,"monitored_company_count":true,"monitored_companies":true,"last_signal":true,"created_at":true,"updated_at":true,"companies":true,"tags":true,"is_active":true},"dynamicProps":false,"dynamicItems":false};

exports.watchdogsUnsubscribe_400_json = validate112;
const schema147 = {"$ref":"https://contract.invalid/schemas/Error","$id":"https://contract.invalid/bodies/watchdogsUnsubscribe_400_json"};

function validate112(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsUnsubscribe_400_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate112.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.error === undefined){
const err0 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.code === undefined){
const err1 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.error !== undefined){
if(typeof data.error !== "string"){
const err2 = {instancePath:instancePath+"/error",schemaPath:"https://contract.invalid/schemas/Error/properties/error/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.code !== undefined){
if(typeof data.code !== "string"){
const err3 = {instancePath:instancePath+"/code",schemaPath:"https://contract.invalid/schemas/Error/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate112.errors = vErrors;
return errors === 0;
}
validate112.evaluated = {"props":{"error":true,"code":true},"dynamicProps":false,"dynamicItems":false};

exports.watchdogsUnsubscribe_401_json = validate113;
const schema149 = {"$ref":"https://contract.invalid/schemas/Error","$id":"https://contract.invalid/bodies/watchdogsUnsubscribe_401_json"};

function validate113(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsUnsubscribe_401_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate113.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.error === undefined){
const err0 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.code === undefined){
const err1 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.error !== undefined){
if(typeof data.error !== "string"){
const err2 = {instancePath:instancePath+"/error",schemaPath:"https://contract.invalid/schemas/Error/properties/error/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.code !== undefined){
if(typeof data.code !== "string"){
const err3 = {instancePath:instancePath+"/code",schemaPath:"https://contract.invalid/schemas/Error/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate113.errors = vErrors;
return errors === 0;
}
validate113.evaluated = {"props":{"error":true,"code":true},"dynamicProps":false,"dynamicItems":false};

exports.watchdogsUnsubscribe_403_json = validate114;
const schema151 = {"$ref":"https://contract.invalid/schemas/Error","$id":"https://contract.invalid/bodies/watchdogsUnsubscribe_403_json"};

function validate114(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsUnsubscribe_403_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate114.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.error === undefined){
const err0 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.code === undefined){
const err1 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.error !== undefined){
if(typeof data.error !== "string"){
const err2 = {instancePath:instancePath+"/error",schemaPath:"https://contract.invalid/schemas/Error/properties/error/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.code !== undefined){
if(typeof data.code !== "string"){
const err3 = {instancePath:instancePath+"/code",schemaPath:"https://contract.invalid/schemas/Error/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate114.errors = vErrors;
return errors === 0;
}
validate114.evaluated = {"props":{"error":true,"code":true},"dynamicProps":false,"dynamicItems":false};

exports.watchdogsUnsubscribe_404_json = validate115;
const schema153 = {"$ref":"https://contract.invalid/schemas/Error","$id":"https://contract.invalid/bodies/watchdogsUnsubscribe_404_json"};

function validate115(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://contract.invalid/bodies/watchdogsUnsubscribe_404_json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate115.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.error === undefined){
const err0 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.code === undefined){
const err1 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.error !== undefined){
if(typeof data.error !== "string"){
const err2 = {instancePath:instancePath+"/error",schemaPath:"https://contract.invalid/schemas/Error/properties/error/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.code !== undefined){
if(typeof data.code !== "string"){
const err3 = {instancePath:instancePath+"/code",schemaPath:"https://contract.invalid/schemas/Error/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"https://contract.invalid/schemas/Error/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate115.errors = vErrors;
return errors === 0;
}
validate115.evaluated = {"props":{"error":true,"code":true},"dynamicProps":false,"dynamicItems":false};

