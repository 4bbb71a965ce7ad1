#ifndef _TOOLS_H
#define _TOOLS_H

#include <torch/torch.h>

#include <list>
#include <string>

typedef struct stu_all_categorys
{
	std::string		strCommonType;
}STUALLCATEGORYS, *PSTUALLCATEGORYS;

typedef std::list< STUALLCATEGORYS > allCategorysList_t;

typedef struct stu_enumerate_lines
{
	std::string		strCommonType;
	int				nGender;	// 0 male, 1 female
}STUENUMERATELINES, *PSTUENUMERATELINES;

typedef std::list< STUENUMERATELINES > enumerateLinesList_t;

void ListAppend(allCategorysList_t &List, const STUALLCATEGORYS &elem);
int GetListElemCount(const allCategorysList_t &List);
std::string FindListElem(const allCategorysList_t &List, int nIndex);
int FindListElemSeq(const allCategorysList_t &List, const std::string &strElem);

// Max over the time steps of a [T, B, H] sequence, padded steps excluded.
torch::Tensor masked_max_pool(const torch::Tensor &states, const torch::Tensor &pad_mask);

#endif // !_TOOLS_H
